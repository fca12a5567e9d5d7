import type { Translation } from './types';

export const ms: Translation = {
  common: {
    appName: 'Tessera',
    skipToContent: 'Langkau ke kandungan utama',
    loading: 'Memuatkan…',
    retry: 'Cuba lagi',
    backHome: 'Kembali ke halaman utama',
    dismiss: 'Tutup',
  },
  header: {
    homeLabel: 'Tessera, halaman utama',
    tagline: 'Perolehan mampan',
    searchLabel: 'Cari produk, pembuat dan bahan',
    searchPlaceholder: 'Cari linen, seramik, pembuat…',
    searchSubmit: 'Cari',
    language: 'Bahasa',
    currency: 'Mata wang',
    cart: 'Troli',
    account: 'Akaun',
    mainNav: 'Utama',
  },
  footer: {
    tagline: 'Pasaran perniagaan-ke-perniagaan untuk barangan yang dibuat secara bertanggungjawab, dibeli terus daripada pembuatnya.',
    explore: 'Teroka',
    company: 'Syarikat',
    home: 'Utama',
    cart: 'Troli',
    account: 'Akaun',
    about: 'Tentang kami',
    faq: 'Soalan lazim',
    privacy: 'Privasi',
    terms: 'Terma',
    rights: '© {{year}} Tessera. Perdagangan bertanggungjawab, dipermudah.',
  },
  home: {
    metaTitle: 'Pasaran perolehan mampan',
    hero: {
      eyebrow: 'Perolehan mampan untuk perniagaan',
      title: 'Beli barangan yang dibuat secara bertanggungjawab terus daripada pembuatnya',
      lead: 'Tessera menghubungkan pereka, peruncit dan pengedar dengan tukang dan pembuat bebas. Minta sebut harga, persetujui butirannya dalam sembang terus dan ikuti setiap pesanan hingga ke pintu anda.',
      primary: 'Lihat cara ia berfungsi',
      secondary: 'Baca tentang Tessera',
      points: {
        direct: 'Terus daripada pembuat',
        traceable: 'Bahan yang boleh dikesan',
        fair: 'Terma yang adil dan jelas',
      },
    },
    audiences: {
      title: 'Dibina untuk kedua-dua pihak perdagangan',
      buyers: {
        title: 'Untuk pembeli',
        lead: 'Pereka, peruncit dan pengedar',
        items: {
          makers: 'Pembuat yang menunjukkan asal bahan mereka',
          quotes: 'Permintaan sebut harga dan produk tersuai',
          chat: 'Sembang terus dengan penjual, tanpa orang tengah',
          tracking: 'Penjejakan pesanan secara langsung, atau ambil sendiri bila sesuai',
        },
      },
      makers: {
        title: 'Untuk pembuat',
        lead: 'Tukang, bengkel dan penjual bebas',
        items: {
          storefront: 'Etalase kedai di hadapan pembeli perniagaan',
          languages: 'Halaman dalam bahasa Inggeris, Sepanyol, Arab dan Melayu',
          payments: 'Bayaran kad, dompet dan tunai semasa penghantaran',
          custom: 'Tempahan tersuai dipersetujui secara bertulis, di satu tempat',
        },
      },
    },
    how: {
      title: 'Cara ia berfungsi',
      lead: 'Dari carian pertama hingga nota penghantaran, dalam empat langkah.',
      steps: {
        discover: { title: 'Teroka', body: 'Cari mengikut bahan, kraf atau wilayah dan bandingkan pembuat bersebelahan.' },
        ask: { title: 'Tanya', body: 'Minta sebut harga, sampel atau versi tersuai sesuatu produk.' },
        agree: { title: 'Setuju', body: 'Tetapkan kuantiti, harga dan tarikh terus dengan pembuat dalam sembang.' },
        receive: { title: 'Terima', body: 'Ikuti pesanan secara langsung hingga tiba, atau ambil sendiri.' },
      },
    },
    essentials: {
      title: 'Perkara penting perdagangan',
      lead: 'Pilihan bayaran, penghantaran dan mata wang, dimuatkan terus daripada tetapan pasaran.',
      loading: 'Memuatkan terma perdagangan terkini…',
      error: 'Kami tidak dapat memuatkan terma perdagangan.',
      payments: 'Kaedah bayaran',
      delivery: 'Pilihan penghantaran',
      currencies: 'Mata wang',
      languages: 'Bahasa',
      updated: 'Dikemas kini {{day}} pada {{time}}',
    },
  },
  payment: {
    COD: 'Tunai semasa penghantaran',
    Card: 'Kad',
    Wallet: 'Dompet',
  },
  delivery: {
    DELIVERY: 'Penghantaran ke alamat anda',
    SELF_PICKUP: 'Ambil sendiri',
  },
  cart: {
    title: 'Troli anda',
    empty: 'troli kosong',
    hint: 'Produk yang anda tambah dari kedai pembuat akan dipaparkan di sini, dikumpulkan mengikut penjual.',
    browse: 'Cari produk',
  },
  account: {
    title: 'Akaun anda',
    guest: 'Anda melayari sebagai tetamu.',
    member: 'Anda telah log masuk.',
    guestBody: 'Sesi tetamu telah dicipta secara automatik supaya anda boleh melihat-lihat tanpa mendaftar. Akaun perdagangan untuk peruncit dan pengedar sedang disediakan.',
    preferences: 'Pilihan anda',
    languageLabel: 'Bahasa',
    currencyLabel: 'Mata wang',
    endSession: 'Tamatkan sesi ini',
    endSessionHint: 'Menamatkan sesi pada pelayan dan memadam kuki serta storan setempatnya daripada pelayar ini.',
    ended: 'Sesi anda telah tamat.',
  },
  search: {
    title: 'Carian',
    resultsFor: 'Hasil carian untuk “{{query}}”',
    prompt: 'Taip apa yang anda cari dalam kotak carian di atas.',
    empty: 'tiada produk yang sepadan dengan penapis atau carian anda',
    hint: 'Cuba perkataan lain, atau kurangkan perkataan.',
  },
  notFound: {
    title: 'halaman telah hilang',
    body: 'Pautan itu mungkin sudah lapuk, atau halaman itu mungkin telah dipindahkan.',
  },
  error: {
    title: 'Berlaku masalah',
    body: 'Sila muat semula halaman. Jika ia berulang, cuba lagi dalam beberapa minit.',
  },
  gate: {
    title: 'Pasaran ini bersifat peribadi buat masa ini',
    lead: 'Masukkan kata laluan yang diberikan kepada anda untuk meneruskan.',
    label: 'Kata laluan',
    submit: 'Teruskan',
    checking: 'Menyemak…',
    network: 'Kami tidak dapat menghubungi pelayan. Sila cuba lagi.',
  },
  preferences: {
    languageChanged: 'Bahasa: {{name}}',
    currencyChanged: 'Harga kini dipaparkan dalam {{code}}',
  },
  pages: {
    about: {
      title: 'Tentang Tessera',
      description: 'Mengapa Tessera wujud dan bagaimana ia menghubungkan pembeli perniagaan dengan tukang dan pembuat bebas.',
      intro: 'Tessera ialah pasaran perolehan untuk perniagaan yang mahu membeli dengan baik. Seperti kepingan kecil mozek, setiap pembuat menyumbang satu kepingan; bersama-sama ia membentuk rantaian bekalan yang boleh anda lihat.',
      sections: [
        {
          heading: 'Tujuan kami',
          body: 'Kami memudahkan pereka, peruncit dan pengedar membeli daripada tukang dan penjual bebas, dan membantu pembuat mencapai pembeli perniagaan tanpa kehilangan margin kepada orang tengah.',
        },
        {
          heading: 'Cara kami bekerja',
          body: 'Pembeli dan penjual berhubung secara terus. Sebut harga, produk tersuai dan pesanan disimpan di satu tempat, dan penghantaran boleh dijejaki secara langsung.',
        },
        {
          heading: 'Siapa yang kami cari',
          body: 'Pembuat yang boleh memberitahu anda asal bahan mereka, dan yang membayar secara adil kepada orang yang membuat barangan mereka.',
        },
      ],
    },
    faq: {
      title: 'Soalan lazim',
      description: 'Jawapan tentang melayari sebagai tetamu, bahasa, mata wang, bayaran dan penghantaran di Tessera.',
      intro: 'Jawapan ringkas kepada soalan yang paling kerap ditanya oleh pembeli.',
      sections: [
        {
          heading: 'Perlukah saya mempunyai akaun untuk melihat-lihat?',
          body: 'Tidak. Anda terus melayari sebagai tetamu; sesi tetamu dicipta untuk anda secara automatik.',
        },
        {
          heading: 'Bahasa dan mata wang apakah yang boleh saya gunakan?',
          body: 'Bahasa Inggeris, Sepanyol, Arab dan Melayu. Harga boleh dipaparkan dalam mana-mana mata wang yang disenaraikan di pengepala; euro ialah mata wang lalai.',
        },
        {
          heading: 'Bagaimanakah saya boleh membayar?',
          body: 'Kaedah bayaran yang diterima disenaraikan di bawah “Perkara penting perdagangan” di halaman utama: tunai semasa penghantaran, kad dan dompet.',
        },
        {
          heading: 'Bolehkah saya mengambil pesanan sendiri?',
          body: 'Boleh. Jika penjual menawarkan ambil sendiri, anda boleh memilihnya sebagai ganti penghantaran.',
        },
        {
          heading: 'Bolehkah saya meminta produk tersuai?',
          body: 'Boleh. Minta sebut harga untuk produk tersuai dan persetujui butirannya dengan pembuat dalam sembang.',
        },
      ],
    },
    privacy: {
      title: 'Privasi',
      description: 'Apa yang disimpan oleh Tessera dalam pelayar anda dan pada pelayannya, dan apa yang tidak pernah dilakukannya.',
      intro: 'Kami hanya menyimpan apa yang diperlukan oleh pasaran untuk berfungsi, dan kami menyatakannya dengan tepat.',
      sections: [
        {
          heading: 'Dalam pelayar anda',
          body: 'Kuki menyimpan token akses, token muat semula dan tarikh luputnya selama 30 hari, serta ID sesi dan jenis pengguna anda selama satu hari. Pilihan bahasa dan mata wang anda disimpan dalam kuki supaya halaman dibuka seperti yang anda tinggalkan. Jika laman dilindungi kata laluan, satu kuki mengingati bahawa anda telah memasukkannya.',
        },
        {
          heading: 'Pada pelayan kami',
          body: 'Apabila sesi tetamu bermula, kami merekodkan ID peranti, nama dan versi pelayar, sistem pengendalian, masa peranti dan alamat IP anda, untuk melindungi sesi dan mencegah penyalahgunaan.',
        },
        {
          heading: 'Apa yang tidak pernah kami lakukan',
          body: 'Tiada penjejak pengiklanan dan tiada fon, skrip atau imej pihak ketiga: tiada apa-apa di halaman ini dimuatkan dari laman lain.',
        },
        {
          heading: 'Pilihan anda',
          body: 'Menamatkan sesi di halaman akaun akan memadam kuki sesi dan storan setempat daripada pelayar ini.',
        },
      ],
    },
    terms: {
      title: 'Terma perdagangan',
      description: 'Peraturan asas untuk membeli dan menjual di Tessera.',
      intro: 'Peraturan dalam bahasa mudah yang terpakai apabila anda berdagang di Tessera.',
      sections: [
        {
          heading: 'Siapa yang berdagang di sini',
          body: 'Tessera ialah pasaran perniagaan-ke-perniagaan: pereka, peruncit dan pengedar membeli daripada tukang dan penjual untuk kegunaan perniagaan.',
        },
        {
          heading: 'Harga dan bayaran',
          body: 'Harga dipaparkan dalam mata wang pilihan anda, dan jumlahnya disahkan sebelum anda membayar. Kaedah yang diterima ialah tunai semasa penghantaran, kad dan dompet.',
        },
        {
          heading: 'Penghantaran dan ambil sendiri',
          body: 'Setiap pesanan menyatakan sama ada ia dihantar atau diambil sendiri. Pembatalan yang diminta oleh pembeli diputuskan oleh penjual.',
        },
        {
          heading: 'Ulasan dan tingkah laku',
          body: 'Hanya pembeli yang telah membeli sesuatu produk boleh mengulasnya. Pastikan sembang sentiasa sopan dan berkaitan dengan urusan perdagangan.',
        },
      ],
    },
  },
};
