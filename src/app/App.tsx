import type { ComponentType } from 'react';
import { StaticRouter } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import type { Loaded } from '../lib/route-load.ts';
import { pages } from './pages.ts';
import type { AppRoute } from './routes.ts';

interface AppProps {
  route: AppRoute;
  loaded: Loaded;
  /** The path and query the page is rendered for. */
  location: string;
}

/**
 * The page the server decided on, rendered whole on the server (the browser hydrates only its islands). A page never
 * changes its location in place (links load the next page in full), so React Router's StaticRouter only tells the
 * page where it is.
 */
export function App({ route, loaded, location }: AppProps) {
  // The page of the route whose load gave `loaded`: the page map pairs each page with its route's load.
  const Page = pages[route.id as keyof typeof pages] as ComponentType<Loaded>;
  return (
    <StaticRouter location={location}>
      <Layout {...route.layout}>
        <Page {...loaded} />
      </Layout>
    </StaticRouter>
  );
}
