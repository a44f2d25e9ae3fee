/**
 * What Settings → Devices shows of a session, from what sign-in saw (issue 32): the User-Agent
 * cut to 512 characters, and the network of the address, never the address. A /24 (IPv4) or a
 * /48 (IPv6) names the home or office line without pinning the device; the address itself
 * would be personal data kept for no one's use. Behind the cluster's balancer the address is
 * the client's (Fastify's `trustProxy`, TRUST_PROXY), never the balancer's.
 */
import Bowser from 'bowser';
import { isIPv4, isIPv6 } from 'node:net';

export const USER_AGENT_MAX = 512;

export interface SignInDevice {
  userAgent: string;
  network: string;
}

export function signInDevice(userAgent: string | undefined, address: string): SignInDevice {
  return { userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX), network: networkOf(address) };
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** "203.0.113.0/24", "2001:db8:1::/48"; '' for anything that is no address. */
export function networkOf(address: string): string {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return '';
  const groups = ipv6Groups(address);
  if (!groups) return '';
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is an IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return networkOf(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

function named(name: string | undefined, version: string | undefined, unknown: string): string {
  if (!name) return unknown;
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

function systemOf(os: Bowser.Parser.OSDetails): string | undefined {
  if (!os.name) return undefined;
  // Windows says "NT 10.0" (its name is "10"); macOS has said 10.15.7 since 2020 whatever it is.
  if (os.name === 'Windows') return named(os.name, os.versionName, '');
  if (os.name === 'macOS') return os.name;
  return named(os.name, os.version, '');
}

/** "Chrome 131" on "Linux"; bowser reads the User-Agent. */
export function describeUserAgent(userAgent: string): { browser: string; system: string } {
  const unknown = { browser: 'Unknown browser', system: 'Unknown system' };
  if (!userAgent.trim()) return unknown;
  const parsed = Bowser.parse(userAgent);
  return {
    browser: named(parsed.browser.name, parsed.browser.version, unknown.browser),
    system: systemOf(parsed.os) ?? unknown.system,
  };
}
