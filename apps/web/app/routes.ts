import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('search', 'routes/search.tsx'),
  // The public catalog (issue #4): category listing, product, store, makers' specialities.
  route('c/:slug', 'routes/category.tsx'),
  route('p/:slug', 'routes/product.tsx'),
  route('store/:alias', 'routes/store.tsx'),
  route('makers', 'routes/makers.tsx'),
  route('makers/:slug', 'routes/makers-speciality.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('account', 'routes/account.tsx'),
  route('about', 'routes/about.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  // The blog and the contact page (issue #13 §5).
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('contact', 'routes/contact.tsx'),

  // Buyers' accounts (issue #3).
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('verify-mobile', 'routes/verify-mobile.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('profile/addresses', 'routes/profile-addresses.tsx'),
  route('profile/company', 'routes/profile-company.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  // Buying (issue #11): the buyer's orders, followed live.
  route('profile/orders', 'routes/profile-orders.tsx'),
  route('profile/orders/:orderId', 'routes/profile-order.tsx'),
  // Buying (issue #11): the buyer's money — wallet, saved cards, bonus points — and the offers page.
  route('profile/wallet', 'routes/profile-wallet.tsx'),
  route('profile/cards', 'routes/profile-cards.tsx'),
  route('profile/points', 'routes/profile-points.tsx'),
  route('offers', 'routes/offers.tsx'),
  // The chat (issue #12): the buyer's message center, ?c={conversationId} opens one.
  route('profile/message-center', 'routes/message-center.tsx'),
  // Favourites, wishlists and reviews (issue #13 §3, §4).
  route('profile/favourites', 'routes/profile-favourites.tsx'),
  route('profile/wishlists', 'routes/profile-wishlists.tsx'),
  route('profile/wishlists/:id', 'routes/profile-wishlist.tsx'),
  route('profile/reviews', 'routes/profile-reviews.tsx'),
  // Quotations and requests for quotation (issue #13 §1).
  route('profile/quotations', 'routes/profile-quotations.tsx'),
  route('profile/quotations/:id', 'routes/profile-quotation.tsx'),
  // Customised and fully custom pieces (issue #13 §2).
  route('profile/commissions', 'routes/profile-commissions.tsx'),
  route('profile/commissions/:id', 'routes/profile-commission.tsx'),
  route('wishlists/shared/:token', 'routes/wishlist-shared.tsx'),
  // Live tracking (issue #11 §5): the driver's page, phone-sized, with its own session.
  route('driver', 'routes/driver.tsx'),

  // The seller portal: its own login and session (seed §6).
  ...prefix('seller', [
    layout('routes/seller/layout.tsx', [
      index('routes/seller/home.tsx'),
      route('signup', 'routes/seller/signup.tsx'),
      route('store', 'routes/seller/store.tsx'),
      route('products', 'routes/seller/products.tsx'),
      route('products/new', 'routes/seller/product-new.tsx'),
      route('products/:id', 'routes/seller/product-edit.tsx'),
      route('orders', 'routes/seller/orders.tsx'),
      route('orders/:storeOrderId', 'routes/seller/order.tsx'),
      route('messages', 'routes/seller/messages.tsx'),
      route('reviews', 'routes/seller/reviews.tsx'),
      route('quotations', 'routes/seller/quotations.tsx'),
      route('commissions', 'routes/seller/commissions.tsx'),
      route('commissions/:id', 'routes/seller/commission.tsx'),
      route('forgot-password', 'routes/seller/forgot-password.tsx'),
      route('reset-password', 'routes/seller/reset-password.tsx'),
    ]),
  ]),

  // The admin console for the store team.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/home.tsx'),
      route('companies', 'routes/admin/companies.tsx'),
      route('sellers', 'routes/admin/sellers.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderId', 'routes/admin/order.tsx'),
      route('team', 'routes/admin/team.tsx'),
      route('outbox', 'routes/admin/outbox.tsx'),
      route('currencies', 'routes/admin/currencies.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('blog', 'routes/admin/blog.tsx'),
      route('blog/:id', 'routes/admin/blog-post.tsx'),
      route('contact', 'routes/admin/contact.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('quotations', 'routes/admin/quotations.tsx'),
      route('commissions', 'routes/admin/commissions.tsx'),
      route('catalog', 'routes/admin/catalog-categories.tsx'),
      route('catalog/brands', 'routes/admin/catalog-brands.tsx'),
      route('catalog/menus', 'routes/admin/catalog-menus.tsx'),
      route('catalog/banners', 'routes/admin/catalog-banners.tsx'),
      route('catalog/specialities', 'routes/admin/catalog-specialities.tsx'),
      route('set-password', 'routes/admin/set-password.tsx'),
    ]),
  ]),

  // Every other path: the not-found page with HTTP status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
