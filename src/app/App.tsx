import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import { markHydrated } from './hydrated.ts';
import { hydratedMark } from './hydration-marks.ts';
import { RouteParamsContext } from './route-params.tsx';
import { matchAppRoute } from './routes.tsx';

export function App() {
  useEffect(() => {
    performance.mark(hydratedMark);
    markHydrated();
  }, []);
  const { pathname } = useLocation();
  const { route, params } = useMemo(() => matchAppRoute(pathname), [pathname]);
  return (
    <Layout>
      <RouteParamsContext value={params}>
        <route.page.Component key={route.path} />
      </RouteParamsContext>
    </Layout>
  );
}
