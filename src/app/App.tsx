import { StaticRouter } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import type { RenderedPage } from './boot-data.ts';
import { RouteParamsContext } from './route-params.tsx';
import type { AppRoute } from './routes.tsx';

interface AppProps {
  route: AppRoute;
  page: RenderedPage;
}

/**
 * The page the server decided on, rendered whole on the server (the browser hydrates only its islands). A page never
 * changes its location in place (links load the next page in full), so React Router's StaticRouter only tells the
 * page where it is.
 */
export function App({ route, page }: AppProps) {
  return (
    <StaticRouter location={page.location}>
      <Layout>
        <RouteParamsContext value={page.params}>
          <route.page />
        </RouteParamsContext>
      </Layout>
    </StaticRouter>
  );
}
