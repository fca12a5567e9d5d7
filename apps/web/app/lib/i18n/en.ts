/** English: the source language. Every other language has exactly these keys (see ./types.ts). */
export const en = {
  common: {
    appName: 'Tessera',
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    retry: 'Try again',
    backHome: 'Back to the home page',
    dismiss: 'Dismiss',
  },
  header: {
    homeLabel: 'Tessera, home',
    tagline: 'Sustainable sourcing',
    searchLabel: 'Search products, makers and materials',
    searchPlaceholder: 'Search linen, ceramics, makers…',
    searchSubmit: 'Search',
    language: 'Language',
    currency: 'Currency',
    cart: 'Cart',
    account: 'Account',
    mainNav: 'Main',
  },
  footer: {
    tagline: 'A business-to-business marketplace for responsibly made goods, bought directly from the people who make them.',
    explore: 'Explore',
    company: 'Company',
    home: 'Home',
    cart: 'Cart',
    account: 'Account',
    about: 'About',
    faq: 'FAQ',
    privacy: 'Privacy',
    terms: 'Terms',
    rights: '© {{year}} Tessera. Responsible trade, made simple.',
  },
  home: {
    metaTitle: 'Sustainable sourcing marketplace',
    hero: {
      eyebrow: 'Sustainable sourcing for business',
      title: 'Buy responsibly made goods directly from the people who make them',
      lead: 'Tessera connects designers, retailers and distributors with artisans and independent makers. Ask for quotes, agree the details in a direct chat and follow every order to your door.',
      primary: 'See how it works',
      secondary: 'Read about Tessera',
      points: {
        direct: 'Direct from makers',
        traceable: 'Traceable materials',
        fair: 'Fair, clear terms',
      },
    },
    audiences: {
      title: 'Built for both sides of the trade',
      buyers: {
        title: 'For buyers',
        lead: 'Designers, retailers and distributors',
        items: {
          makers: 'Makers who show where their materials come from',
          quotes: 'Requests for quotes and customised products',
          chat: 'A direct chat with the seller, no middlemen',
          tracking: 'Live order tracking, or self pickup when it suits you',
        },
      },
      makers: {
        title: 'For makers',
        lead: 'Artisans, workshops and independent sellers',
        items: {
          storefront: 'A storefront in front of trade buyers',
          languages: 'Pages in English, Spanish, Arabic and Malay',
          payments: 'Card, wallet and cash-on-delivery payments',
          custom: 'Custom work agreed in writing, in one place',
        },
      },
    },
    how: {
      title: 'How it works',
      lead: 'From the first search to the delivery note, in four steps.',
      steps: {
        discover: { title: 'Discover', body: 'Search by material, craft or region and compare makers side by side.' },
        ask: { title: 'Ask', body: 'Request a quote, samples or a customised version of a product.' },
        agree: { title: 'Agree', body: 'Settle quantities, prices and dates directly with the maker in the chat.' },
        receive: { title: 'Receive', body: 'Follow the order live until it arrives, or collect it yourself.' },
      },
    },
    essentials: {
      title: 'Trade essentials',
      lead: 'Payment, delivery and currency options, loaded live from the marketplace settings.',
      loading: 'Loading the latest trade terms…',
      error: 'We could not load the trade terms.',
      payments: 'Payment methods',
      delivery: 'Delivery options',
      currencies: 'Currencies',
      languages: 'Languages',
      updated: 'Updated {{day}} at {{time}}',
    },
  },
  payment: {
    COD: 'Cash on delivery',
    Card: 'Card',
    Wallet: 'Wallet',
  },
  delivery: {
    DELIVERY: 'Delivery to your address',
    SELF_PICKUP: 'Self pickup',
  },
  cart: {
    title: 'Your cart',
    empty: 'cart is empty',
    hint: 'Products you add from a maker’s store will appear here, grouped by seller.',
    browse: 'Find products',
  },
  account: {
    title: 'Your account',
    guest: 'You are browsing as a guest.',
    member: 'You are signed in.',
    guestBody: 'A guest session was created for you automatically, so you can look around without signing up. Trade accounts for retailers and distributors are being prepared.',
    preferences: 'Your preferences',
    languageLabel: 'Language',
    currencyLabel: 'Currency',
    endSession: 'End this session',
    endSessionHint: 'Ends the session on the server and removes its cookies and local storage from this browser.',
    ended: 'Your session has ended.',
  },
  search: {
    title: 'Search',
    resultsFor: 'Results for “{{query}}”',
    prompt: 'Type what you are looking for in the search box above.',
    empty: 'no products match your filters or search',
    hint: 'Try another word, or fewer words.',
  },
  notFound: {
    title: 'page has gone missing',
    body: 'The link may be out of date, or the page may have moved.',
  },
  error: {
    title: 'Something went wrong',
    body: 'Please reload the page. If it keeps happening, try again in a few minutes.',
  },
  gate: {
    title: 'This marketplace is private for now',
    lead: 'Enter the password you were given to continue.',
    label: 'Password',
    submit: 'Continue',
    checking: 'Checking…',
    network: 'We could not reach the server. Please try again.',
  },
  preferences: {
    languageChanged: 'Language: {{name}}',
    currencyChanged: 'Prices are now shown in {{code}}',
  },
  pages: {
    about: {
      title: 'About Tessera',
      description: 'Why Tessera exists and how it connects trade buyers with artisans and independent makers.',
      intro: 'Tessera is a sourcing marketplace for businesses that want to buy well. Like the small tiles of a mosaic, every maker adds a piece; together they form a supply chain you can see.',
      sections: [
        {
          heading: 'Our purpose',
          body: 'We make it simple for designers, retailers and distributors to buy from artisans and independent sellers, and for makers to reach trade buyers without losing their margin to middlemen.',
        },
        {
          heading: 'How we work',
          body: 'Buyers and sellers talk directly. Quotes, customised products and orders stay in one place, and deliveries can be followed live.',
        },
        {
          heading: 'Who we look for',
          body: 'Makers who can tell you where their materials come from, and who pay the people who make their goods fairly.',
        },
      ],
    },
    faq: {
      title: 'Frequently asked questions',
      description: 'Answers about guest browsing, languages, currencies, payment and delivery on Tessera.',
      intro: 'Short answers to the questions buyers ask us most.',
      sections: [
        {
          heading: 'Do I need an account to look around?',
          body: 'No. You browse as a guest straight away; a guest session is created for you automatically.',
        },
        {
          heading: 'Which languages and currencies can I use?',
          body: 'English, Spanish, Arabic and Malay. Prices can be shown in any currency listed in the header; the euro is the default.',
        },
        {
          heading: 'How can I pay?',
          body: 'The accepted payment methods are listed under “Trade essentials” on the home page: cash on delivery, card and wallet.',
        },
        {
          heading: 'Can I collect an order myself?',
          body: 'Yes. Where the seller offers self pickup you can choose it instead of delivery.',
        },
        {
          heading: 'Can I ask for a customised product?',
          body: 'Yes. Request a quotation for a customised product and agree the details with the maker in the chat.',
        },
      ],
    },
    privacy: {
      title: 'Privacy',
      description: 'What Tessera stores in your browser and on its server, and what it never does.',
      intro: 'We keep only what the marketplace needs to work, and we say exactly what that is.',
      sections: [
        {
          heading: 'In your browser',
          body: 'Cookies hold your access token, refresh token and its expiry for 30 days, and your session id and user type for one day. Your language and currency choices are kept in cookies so that pages open the way you left them. If the site is password protected, a cookie remembers that you entered the password.',
        },
        {
          heading: 'On our server',
          body: 'When a guest session starts we record a device id, the browser name and version, the operating system, the device time and your IP address, to secure the session and stop abuse.',
        },
        {
          heading: 'What we never do',
          body: 'No advertising trackers and no third-party fonts, scripts or images: nothing on these pages is loaded from another site.',
        },
        {
          heading: 'Your choice',
          body: 'Ending your session on the account page removes the session cookies and local storage from this browser.',
        },
      ],
    },
    terms: {
      title: 'Terms of trade',
      description: 'The basic rules for buying and selling on Tessera.',
      intro: 'The plain-language rules that apply when you trade on Tessera.',
      sections: [
        {
          heading: 'Who trades here',
          body: 'Tessera is a business-to-business marketplace: designers, retailers and distributors buy from artisans and sellers for business use.',
        },
        {
          heading: 'Prices and payment',
          body: 'Prices are shown in the currency you choose, and the total is confirmed before you pay. Accepted methods are cash on delivery, card and wallet.',
        },
        {
          heading: 'Delivery and pickup',
          body: 'Each order says whether it is delivered or collected. A cancellation requested by the buyer is decided by the seller.',
        },
        {
          heading: 'Reviews and conduct',
          body: 'Only buyers who bought a product can review it. Keep chats respectful and about the trade at hand.',
        },
      ],
    },
  },
} as const;
