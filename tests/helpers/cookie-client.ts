/**
 * A tiny browser stand-in for protocol tests: follows redirects by hand and keeps cookies
 * (by name; path and expiry are ignored, which is enough for one origin).
 */
export interface FollowedResponse {
  url: string;
  status: number;
  location: string | null;
  setCookies: string[];
}

export class CookieClient {
  readonly cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /**
   * Follows redirects (at most 15) and returns the final response, every URL visited, and what
   * each step answered (status, raw Location, Set-Cookie lines).
   */
  async follow(
    url: string,
    init: RequestInit = {},
  ): Promise<{ res: Response; visited: string[]; responses: FollowedResponse[] }> {
    const visited: string[] = [];
    const responses: FollowedResponse[] = [];
    let current = url;
    let res = await this.request(current, init);
    const record = () =>
      responses.push({
        url: current,
        status: res.status,
        location: res.headers.get('location'),
        setCookies: res.headers.getSetCookie(),
      });
    visited.push(current);
    record();
    for (let i = 0; i < 15 && res.status >= 300 && res.status < 400; i++) {
      current = new URL(res.headers.get('location')!, current).href;
      visited.push(current);
      res = await this.request(current);
      record();
    }
    return { res, visited, responses };
  }
}
