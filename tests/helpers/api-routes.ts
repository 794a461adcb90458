/**
 * Routes outside the API that the authorization matrix and the API reference test leave out:
 * the built client's files, the development identity provider, the reference page's own files.
 */
export const outsideApi = (url: string): boolean =>
  url.startsWith('/oidc') ||
  url.startsWith('/api/docs') ||
  url === '*' ||
  url === '/' ||
  (/\.[a-z0-9]+$/i.test(url) && !url.startsWith('/api/'));
