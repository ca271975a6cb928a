import type * as http from 'node:http';
import type * as https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { KEEP_ALIVE_AGENT_OPTIONS } from './keep-alive-agent-options';

/**
 * request-filtering-agent refuses every address ipaddr.js does not class as unicast, which covers
 * the IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48, 6to4 2002::/16, Teredo, SIIT) whatever address they carry. One form is missing
 * from ipaddr.js's table: the deprecated IPv4-compatible ::/96, so [::127.0.0.1] (::7f00:1) passed
 * as public. No public host is reached through it.
 */
const UNCLASSED_PRIVATE_RANGES = ['::/96'];

export interface AddressFilteringAgents {
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
}

/**
 * Keep-alive agents that check the address each socket actually connects to (after DNS, so a
 * name re-resolving to a private address is refused too): loopback, private, link-local,
 * metadata and the other non-unicast ranges, unless allowPrivate.
 */
export function addressFilteringAgents(allowPrivate: boolean): AddressFilteringAgents {
  const options = {
    ...KEEP_ALIVE_AGENT_OPTIONS,
    allowPrivateIPAddress: allowPrivate,
    denyIPAddressList: allowPrivate ? [] : UNCLASSED_PRIVATE_RANGES,
  };
  return {
    httpAgent: new RequestFilteringHttpAgent(options),
    httpsAgent: new RequestFilteringHttpsAgent(options),
  };
}
