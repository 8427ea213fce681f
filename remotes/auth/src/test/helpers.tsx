/** Test helpers for the auth pages (only tests import this folder). */

import { useLocation } from '@mchezo/host/router';
import type { HostAuth } from '@mchezo/host/types';
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/** Shows where the router is, so a test can tell where a page navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;

export function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function chooseCountry(phoneCode: string) {
  fireEvent.change(screen.getByLabelText('Country code'), { target: { value: phoneCode } });
}

/** Fake host auth actions as spies with happy outcomes; a test changes one with `mock…Value`. */
export function authSpies() {
  return {
    login: vi.fn<HostAuth['login']>(),
    register: vi.fn<HostAuth['register']>(async () => ({ codeSent: true })),
    requestVerification: vi.fn<HostAuth['requestVerification']>(async () => {}),
    confirmVerification: vi.fn<HostAuth['confirmVerification']>(async () => {}),
    verificationPhone: vi.fn<HostAuth['verificationPhone']>(() => '+254712345678'),
    signInWithStoredCredentials: vi.fn<HostAuth['signInWithStoredCredentials']>(async () => 'signed-in'),
    takeRedirectTarget: vi.fn<HostAuth['takeRedirectTarget']>(() => '/deposit'),
    takeLockoutMessage: vi.fn<HostAuth['takeLockoutMessage']>(() => null),
    logout: vi.fn<HostAuth['logout']>(async () => {}),
  };
}
