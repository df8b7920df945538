import { useEffect } from 'react';
import { StaticRouter } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import type { RenderedPage } from './boot-data.ts';
import { markHydrated } from './hydrated.ts';
import { hydratedMark } from './hydration-marks.ts';
import { RouteParamsContext } from './route-params.tsx';
import type { AppRoute } from './routes.tsx';

interface AppProps {
  route: AppRoute;
  page: RenderedPage;
}

/**
 * The page the server decided on, the same on both sides of hydration. A page never changes its location in place
 * (links load the next page in full), so React Router's StaticRouter only tells the page where it is.
 */
export function App({ route, page }: AppProps) {
  useEffect(() => {
    performance.mark(hydratedMark);
    markHydrated();
  }, []);
  return (
    <StaticRouter location={page.location}>
      <Layout>
        <RouteParamsContext value={page.params}>
          <route.page.Component />
        </RouteParamsContext>
      </Layout>
    </StaticRouter>
  );
}
