/** The staff site's routes under /staff/: sign-in and enrolment open, the rest behind a staff session. */
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/states.tsx';
import { EnrolmentPage } from '../pages/enrolment/enrolment-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { SignInPage } from '../pages/sign-in/sign-in-page.tsx';
import { RequireRole, RequireSession } from './guards.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES, type StaffRoute } from './routes.tsx';

export const BASENAME = '/staff';

function screen({ path, roles, page: Page }: StaffRoute): RouteObject {
  const element = (
    <RequireRole roles={roles}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RequireRole>
  );
  const errorElement = <RouteError inLayout />;
  return path === '' ? { index: true, element, errorElement } : { path, element, errorElement };
}

export function staffRoutes(routes: StaffRoute[] = ROUTES): RouteObject[] {
  return [
    { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
    { path: '/enrol', element: <EnrolmentPage />, errorElement: <RouteError /> },
    {
      path: '/',
      errorElement: <RouteError />,
      element: (
        <RequireSession>
          <Layout routes={routes} />
        </RequireSession>
      ),
      children: [...routes.map(screen), { path: '*', element: <NotFoundPage /> }],
    },
  ];
}

export const createStaffRouter = () => createBrowserRouter(staffRoutes(), { basename: BASENAME });
