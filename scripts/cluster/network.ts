/**
 * The hosts of `npm run cluster`: each API replica and the worker in a network namespace of its
 * own (`ip netns`), joined to the machine by a veth pair on one bridge, so that they reach
 * PostgreSQL, the bucket and each other only over the network, as separate machines would, and
 * share no loopback. The bridge holds the address of the machine itself (GATEWAY), where the
 * balancer, the bucket and PostgreSQL's relay listen. Where namespaces cannot be made (not root,
 * no `ip`, a container without CAP_NET_ADMIN) every process falls back to 127.0.0.1 with ports of
 * its own, and the caller prints a warning.
 */
import { execFileSync } from 'node:child_process';

export const BRIDGE = 'vt-br0';
export const GATEWAY = '10.231.0.1';
const PREFIX_LENGTH = 24;

export interface Host {
  /** `api1`, `api2`, `worker`. */
  name: string;
  /** Where it listens and is reached. */
  address: string;
  /** Its namespace (`vt-api1`…), or none in the loopback fallback. */
  netns?: string;
}

export interface Network {
  /** Namespaces, or the loopback fallback. */
  isolated: boolean;
  /** The machine's own address as the hosts see it. */
  gateway: string;
  hosts: Host[];
  /** The command prefix that runs a program on `host`. */
  prefix(host: Host): string[];
  destroy(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Removes what an earlier run left (a killed controller): same names, so no clash. */
export function removeNetwork(names: readonly string[]): void {
  for (const name of names) {
    try {
      ip('netns', 'del', `vt-${name}`);
    } catch {
      // not there
    }
  }
  try {
    ip('link', 'del', BRIDGE);
  } catch {
    // not there
  }
}

function isolatedNetwork(names: readonly string[]): Network {
  removeNetwork(names);
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${GATEWAY}/${PREFIX_LENGTH}`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  const hosts = names.map((name, index) => {
    const netns = `vt-${name}`;
    const address = `10.231.0.${11 + index}`;
    const outside = `vt-${name}-h`;
    const inside = `vt-${name}-n`;
    ip('netns', 'add', netns);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', netns);
    ip('link', 'set', outside, 'master', BRIDGE, 'up');
    ip('-n', netns, 'addr', 'add', `${address}/${PREFIX_LENGTH}`, 'dev', inside);
    ip('-n', netns, 'link', 'set', inside, 'up');
    ip('-n', netns, 'link', 'set', 'lo', 'up');
    return { name, address, netns };
  });
  return {
    isolated: true,
    gateway: GATEWAY,
    hosts,
    prefix: (host) => (host.netns ? ['ip', 'netns', 'exec', host.netns] : []),
    destroy: () => removeNetwork(names),
  };
}

function loopbackNetwork(names: readonly string[]): Network {
  return {
    isolated: false,
    gateway: '127.0.0.1',
    hosts: names.map((name) => ({ name, address: '127.0.0.1' })),
    prefix: () => [],
    destroy: () => {},
  };
}

/**
 * Namespaces for `names` when this process may make them, else the loopback fallback with the
 * reason it was taken. `loopback: true` asks for the fallback outright.
 */
export function openNetwork(
  names: readonly string[],
  { loopback = false } = {},
): { network: Network; fallbackReason?: string } {
  if (loopback)
    return { network: loopbackNetwork(names), fallbackReason: 'asked for (--loopback)' };
  if (process.getuid?.() !== 0) {
    return { network: loopbackNetwork(names), fallbackReason: 'network namespaces need root' };
  }
  try {
    return { network: isolatedNetwork(names) };
  } catch (error) {
    removeNetwork(names);
    const reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
    return { network: loopbackNetwork(names), fallbackReason: `ip netns failed: ${reason}` };
  }
}
