import { StaticRouter } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import type { RouteParams } from './route-params.ts';
import type { AppRoute } from './routes.tsx';

interface AppProps {
  route: AppRoute;
  params: RouteParams;
  /** The path and query the page is rendered for. */
  location: string;
}

/**
 * The page the server decided on, rendered whole on the server (the browser hydrates only its islands). A page never
 * changes its location in place (links load the next page in full), so React Router's StaticRouter only tells the
 * page where it is.
 */
export function App({ route, params, location }: AppProps) {
  return (
    <StaticRouter location={location}>
      <Layout>
        <route.page params={params} />
      </Layout>
    </StaticRouter>
  );
}
