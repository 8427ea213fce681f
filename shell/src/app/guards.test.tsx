import { MemoryRouter, Route, Routes, useLocation } from '@mchezo/host/router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../stores/auth.store.ts';
import { session } from '../stores/session-storage.ts';
import { AccessGuard } from './guards.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function openProfile() {
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route
          path="/profile"
          element={
            <AccessGuard access="protected">
              <p>profile</p>
            </AccessGuard>
          }
        />
        <Route path="/login" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('where').textContent;
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('a guest on a page behind sign-in', () => {
  it('goes to the login page, which can bring them back', () => {
    useAuthStore.setState({ user: null, isLoading: false });
    expect(openProfile()).toBe('/login');
    expect(session.get('redirectAfterVerification')).toBe('/profile');
  });

  it('whose session has just ended (lockout) goes to the login page that says why', () => {
    // What lockout.ts does before it navigates: this render can come first.
    useAuthStore.setState({ user: null, isLoading: false });
    session.set('lockoutMessage', 'You have been logged out due to security reasons.');
    expect(openProfile()).toBe('/login?locked=true');
  });
});
