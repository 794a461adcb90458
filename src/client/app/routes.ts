/** Every client route path, in one place (seed section 2). */
export const paths = {
  home: '/',
  customize: '/customize',
  pricing: '/pricing',
  admin: '/admin',
  companies: '/companies',
  businessUnits: '/business-units',
  jobTypes: '/job-types',
} as const;

/** Full-page navigations handled by the server (seed: sign-in, sign-up and after sign-out are /). */
export const authUrls = {
  login: '/api/login',
  logout: '/api/logout',
} as const;
