import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { Loading } from '../components/states.tsx';
import { i18n } from '../i18n/i18n.ts';
import { forgetOnSignOut } from '../session/forget-on-sign-out.ts';
import { createQueryClient } from './query-client.ts';
import { createStaffRouter } from './router.tsx';
import { Toaster } from './toaster.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createStaffRouter);
  useEffect(() => forgetOnSignOut(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<Loading />}>
          <RouterProvider router={router} />
        </Suspense>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
