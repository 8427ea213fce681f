import { HostContext, useHost } from '@mchezo/host/context';
import type { Host } from '@mchezo/host/types';
import type { ReactNode } from 'react';

/**
 * Tests only: re-provides the fake host with some members replaced (e.g. a recording
 * reportError, which the fake host does not offer), keeping the rest of it.
 */
export function HostSpy({
  children,
  with: replace,
}: {
  children: ReactNode;
  with: (host: Host) => Partial<Host>;
}) {
  const host = useHost();
  return <HostContext.Provider value={{ ...host, ...replace(host) }}>{children}</HostContext.Provider>;
}
