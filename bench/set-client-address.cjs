// autocannon `setupRequest`: gives each request the client address of one of 4,000 screens
// (X-Forwarded-For, the server trusts its proxy), as a wall of screens calls: each from an
// address of its own, again and again. So the per-address API rate limit counts every request
// as it would in production, and none of them reaches its budget (600 a minute per address:
// 4,000 addresses allow 40,000 requests a second). A new address for every request would instead
// measure the limiter's table forgetting one address and learning another on each call.
const { randomInt } = require('node:crypto');

const SCREENS = 4000;
const addresses = Array.from({ length: SCREENS }, (_, i) => `10.${i >> 8}.${i & 255}.7`);

module.exports = function setClientAddress(request) {
  const address = addresses[randomInt(SCREENS)];
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
};
