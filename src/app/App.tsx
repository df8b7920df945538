import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/Layout.tsx';
import { appRoutes } from './routes.tsx';

export function App() {
  useEffect(() => {
    // Tells tests (and anyone curious) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Layout>
      <Routes>
        {appRoutes.map(({ path, page }) => (
          <Route key={path} path={path} element={<page.Component />} />
        ))}
      </Routes>
    </Layout>
  );
}
