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

  // The seller portal: its own login and session (seed §6).
  ...prefix('seller', [
    layout('routes/seller/layout.tsx', [
      index('routes/seller/home.tsx'),
      route('signup', 'routes/seller/signup.tsx'),
      route('store', 'routes/seller/store.tsx'),
      route('products', 'routes/seller/products.tsx'),
      route('products/new', 'routes/seller/product-new.tsx'),
      route('products/:id', 'routes/seller/product-edit.tsx'),
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
      route('team', 'routes/admin/team.tsx'),
      route('outbox', 'routes/admin/outbox.tsx'),
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
