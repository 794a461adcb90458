// autocannon `setupRequest` for worker threads (which load it with require): gives every
// request its own private client address, so the per-address API rate limit is not measured.
const { randomInt } = require('node:crypto');

module.exports = function setClientAddress(request) {
  const address = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
};
