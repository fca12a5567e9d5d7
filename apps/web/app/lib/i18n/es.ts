import type { Translation } from './types';

export const es: Translation = {
  common: {
    appName: 'Tessera',
    skipToContent: 'Saltar al contenido principal',
    loading: 'Cargando…',
    retry: 'Reintentar',
    backHome: 'Volver a la página de inicio',
    dismiss: 'Cerrar',
  },
  header: {
    homeLabel: 'Tessera, inicio',
    tagline: 'Abastecimiento sostenible',
    searchLabel: 'Buscar productos, artesanos y materiales',
    searchPlaceholder: 'Busca lino, cerámica, artesanos…',
    searchSubmit: 'Buscar',
    language: 'Idioma',
    currency: 'Moneda',
    cart: 'Carrito',
    account: 'Cuenta',
    mainNav: 'Principal',
  },
  footer: {
    tagline: 'Un mercado entre empresas de productos hechos de forma responsable, comprados directamente a quienes los fabrican.',
    explore: 'Explorar',
    company: 'Empresa',
    home: 'Inicio',
    cart: 'Carrito',
    account: 'Cuenta',
    about: 'Quiénes somos',
    faq: 'Preguntas frecuentes',
    privacy: 'Privacidad',
    terms: 'Condiciones',
    rights: '© {{year}} Tessera. Comercio responsable, sin complicaciones.',
  },
  home: {
    metaTitle: 'Mercado de abastecimiento sostenible',
    hero: {
      eyebrow: 'Abastecimiento sostenible para empresas',
      title: 'Compra productos hechos de forma responsable directamente a quienes los fabrican',
      lead: 'Tessera conecta a diseñadores, minoristas y distribuidores con artesanos y fabricantes independientes. Pide presupuestos, acuerda los detalles en un chat directo y sigue cada pedido hasta tu puerta.',
      primary: 'Descubre cómo funciona',
      secondary: 'Conoce Tessera',
      points: {
        direct: 'Directo del artesano',
        traceable: 'Materiales trazables',
        fair: 'Condiciones justas y claras',
      },
    },
    audiences: {
      title: 'Pensado para las dos partes del comercio',
      buyers: {
        title: 'Para compradores',
        lead: 'Diseñadores, minoristas y distribuidores',
        items: {
          makers: 'Artesanos que muestran de dónde vienen sus materiales',
          quotes: 'Solicitudes de presupuesto y productos personalizados',
          chat: 'Un chat directo con el vendedor, sin intermediarios',
          tracking: 'Seguimiento del pedido en directo, o recogida cuando te convenga',
        },
      },
      makers: {
        title: 'Para artesanos',
        lead: 'Artesanos, talleres y vendedores independientes',
        items: {
          storefront: 'Un escaparate ante compradores profesionales',
          languages: 'Páginas en inglés, español, árabe y malayo',
          payments: 'Pagos con tarjeta, monedero y contra reembolso',
          custom: 'Encargos personalizados acordados por escrito, en un solo lugar',
        },
      },
    },
    how: {
      title: 'Cómo funciona',
      lead: 'De la primera búsqueda al albarán de entrega, en cuatro pasos.',
      steps: {
        discover: { title: 'Descubre', body: 'Busca por material, oficio o región y compara artesanos uno junto a otro.' },
        ask: { title: 'Pregunta', body: 'Pide un presupuesto, muestras o una versión personalizada de un producto.' },
        agree: { title: 'Acuerda', body: 'Fija cantidades, precios y fechas directamente con el artesano en el chat.' },
        receive: { title: 'Recibe', body: 'Sigue el pedido en directo hasta que llegue, o recógelo tú mismo.' },
      },
    },
    essentials: {
      title: 'Lo esencial del comercio',
      lead: 'Opciones de pago, entrega y moneda, cargadas en directo desde la configuración del mercado.',
      loading: 'Cargando las condiciones actuales…',
      error: 'No pudimos cargar las condiciones comerciales.',
      payments: 'Formas de pago',
      delivery: 'Opciones de entrega',
      currencies: 'Monedas',
      languages: 'Idiomas',
      updated: 'Actualizado {{day}} a las {{time}}',
    },
  },
  payment: {
    COD: 'Pago contra reembolso',
    Card: 'Tarjeta',
    Wallet: 'Monedero',
  },
  delivery: {
    DELIVERY: 'Entrega en tu dirección',
    SELF_PICKUP: 'Recogida en tienda',
  },
  cart: {
    title: 'Tu carrito',
    empty: 'el carrito está vacío',
    hint: 'Los productos que añadas desde la tienda de un artesano aparecerán aquí, agrupados por vendedor.',
    browse: 'Buscar productos',
  },
  account: {
    title: 'Tu cuenta',
    guest: 'Estás navegando como invitado.',
    member: 'Has iniciado sesión.',
    guestBody: 'Se ha creado automáticamente una sesión de invitado para que puedas explorar sin registrarte. Estamos preparando las cuentas profesionales para minoristas y distribuidores.',
    preferences: 'Tus preferencias',
    languageLabel: 'Idioma',
    currencyLabel: 'Moneda',
    endSession: 'Cerrar esta sesión',
    endSessionHint: 'Cierra la sesión en el servidor y elimina sus cookies y el almacenamiento local de este navegador.',
    ended: 'Tu sesión ha terminado.',
  },
  search: {
    title: 'Buscar',
    resultsFor: 'Resultados para «{{query}}»',
    prompt: 'Escribe lo que buscas en el cuadro de búsqueda de arriba.',
    empty: 'ningún producto coincide con tus filtros o tu búsqueda',
    hint: 'Prueba con otra palabra, o con menos palabras.',
  },
  notFound: {
    title: 'la página se ha perdido',
    body: 'Puede que el enlace esté desactualizado o que la página se haya movido.',
  },
  error: {
    title: 'Algo salió mal',
    body: 'Vuelve a cargar la página. Si sigue ocurriendo, inténtalo de nuevo en unos minutos.',
  },
  gate: {
    title: 'Este mercado es privado por ahora',
    lead: 'Introduce la contraseña que te dieron para continuar.',
    label: 'Contraseña',
    submit: 'Continuar',
    checking: 'Comprobando…',
    network: 'No pudimos contactar con el servidor. Inténtalo de nuevo.',
  },
  preferences: {
    languageChanged: 'Idioma: {{name}}',
    currencyChanged: 'Los precios se muestran ahora en {{code}}',
  },
  pages: {
    about: {
      title: 'Quiénes somos',
      description: 'Por qué existe Tessera y cómo conecta a compradores profesionales con artesanos y fabricantes independientes.',
      intro: 'Tessera es un mercado de abastecimiento para empresas que quieren comprar bien. Como las pequeñas teselas de un mosaico, cada artesano aporta una pieza; juntas forman una cadena de suministro que se puede ver.',
      sections: [
        {
          heading: 'Nuestro propósito',
          body: 'Hacemos que a diseñadores, minoristas y distribuidores les resulte sencillo comprar a artesanos y vendedores independientes, y que los artesanos lleguen a compradores profesionales sin perder su margen en intermediarios.',
        },
        {
          heading: 'Cómo trabajamos',
          body: 'Compradores y vendedores hablan directamente. Presupuestos, productos personalizados y pedidos están en un solo lugar, y las entregas se pueden seguir en directo.',
        },
        {
          heading: 'A quién buscamos',
          body: 'Artesanos que pueden decirte de dónde vienen sus materiales y que pagan de forma justa a quienes fabrican sus productos.',
        },
      ],
    },
    faq: {
      title: 'Preguntas frecuentes',
      description: 'Respuestas sobre la navegación como invitado, idiomas, monedas, pago y entrega en Tessera.',
      intro: 'Respuestas breves a las preguntas que más nos hacen los compradores.',
      sections: [
        {
          heading: '¿Necesito una cuenta para explorar?',
          body: 'No. Navegas como invitado desde el primer momento; la sesión de invitado se crea automáticamente.',
        },
        {
          heading: '¿Qué idiomas y monedas puedo usar?',
          body: 'Inglés, español, árabe y malayo. Los precios pueden mostrarse en cualquier moneda de la cabecera; el euro es la moneda por defecto.',
        },
        {
          heading: '¿Cómo puedo pagar?',
          body: 'Las formas de pago aceptadas aparecen en «Lo esencial del comercio» en la página de inicio: contra reembolso, tarjeta y monedero.',
        },
        {
          heading: '¿Puedo recoger un pedido yo mismo?',
          body: 'Sí. Cuando el vendedor ofrece recogida, puedes elegirla en lugar de la entrega.',
        },
        {
          heading: '¿Puedo pedir un producto personalizado?',
          body: 'Sí. Solicita un presupuesto para un producto personalizado y acuerda los detalles con el artesano en el chat.',
        },
      ],
    },
    privacy: {
      title: 'Privacidad',
      description: 'Qué guarda Tessera en tu navegador y en su servidor, y qué no hace nunca.',
      intro: 'Solo guardamos lo que el mercado necesita para funcionar, y decimos exactamente qué es.',
      sections: [
        {
          heading: 'En tu navegador',
          body: 'Las cookies guardan tu token de acceso, el token de renovación y su caducidad durante 30 días, y tu identificador de sesión y tipo de usuario durante un día. Tus preferencias de idioma y moneda se guardan en cookies para que las páginas se abran como las dejaste. Si el sitio está protegido con contraseña, una cookie recuerda que la introdujiste.',
        },
        {
          heading: 'En nuestro servidor',
          body: 'Al iniciar una sesión de invitado registramos un identificador de dispositivo, el nombre y la versión del navegador, el sistema operativo, la hora del dispositivo y tu dirección IP, para proteger la sesión y evitar abusos.',
        },
        {
          heading: 'Lo que nunca hacemos',
          body: 'Sin rastreadores publicitarios ni fuentes, scripts o imágenes de terceros: nada de estas páginas se carga desde otro sitio.',
        },
        {
          heading: 'Tú decides',
          body: 'Al cerrar la sesión en la página de tu cuenta se eliminan de este navegador las cookies de la sesión y el almacenamiento local.',
        },
      ],
    },
    terms: {
      title: 'Condiciones comerciales',
      description: 'Las normas básicas para comprar y vender en Tessera.',
      intro: 'Las normas, en lenguaje claro, que se aplican cuando comercias en Tessera.',
      sections: [
        {
          heading: 'Quién comercia aquí',
          body: 'Tessera es un mercado entre empresas: diseñadores, minoristas y distribuidores compran a artesanos y vendedores para uso profesional.',
        },
        {
          heading: 'Precios y pago',
          body: 'Los precios se muestran en la moneda que elijas y el total se confirma antes de pagar. Se aceptan pago contra reembolso, tarjeta y monedero.',
        },
        {
          heading: 'Entrega y recogida',
          body: 'Cada pedido indica si se entrega o se recoge. La cancelación que solicita el comprador la decide el vendedor.',
        },
        {
          heading: 'Opiniones y conducta',
          body: 'Solo quienes han comprado un producto pueden opinar sobre él. Mantén los chats respetuosos y centrados en la operación.',
        },
      ],
    },
  },
};
