// `api` (or SCHEMA_MANAGER_API) may be written `https://user:password@cms.example.com/...`. The credentials are
// split off at start-up so that from there on the address carries none: what Vite's virtual module, the server
// bundle, the log and the report hold is the bare address, and the password travels only in Authorization.

export interface SplitApi {
  /** The address without `user:password@`. */
  api: string;
  username: string | undefined;
  password: string | undefined;
}

/**
 * Splits `user:password@` off an API address (percent-decoded). Throws a message that never repeats them.
 *
 * @example splitApiCredentials('https://ann:p%40ss@cms.test/wp-json/x/v1') // { api: 'https://cms.test/wp-json/x/v1', username: 'ann', password: 'p@ss' }
 */
export function splitApiCredentials(address: string): SplitApi {
  const url = URL.parse(address);
  if (url === null || (url.username === '' && url.password === '')) {
    return { api: address, username: undefined, password: undefined };
  }
  let username: string;
  let password: string;
  try {
    username = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    throw new Error('the user:password in the address is not valid percent-encoding');
  }
  if (username === '' || password === '') {
    throw new Error(
      'the address holds a user name without a password (or the reverse); give both as user:password@, or use SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD',
    );
  }
  url.username = '';
  url.password = '';
  return { api: url.href, username, password };
}
