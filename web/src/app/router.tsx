import { Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageGuard } from './guards/page-guard';
import { SessionGate } from './guards/session-gate';
import { appPages, subPages } from './route-config';
import { NotFoundPage } from './routes/not-found';
import { CustomerProfileUnavailablePage, StoreClosedPage } from './routes/public-notices';

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.publicStore} element={<StoreClosedPage />} />
      <Route path={paths.customerProfile} element={<CustomerProfileUnavailablePage />} />
      <Route element={<SessionGate />}>
        {appPages.flatMap(({ key, paths: pagePaths, component: Page }) =>
          pagePaths.map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <PageGuard page={key}>
                  <Page />
                </PageGuard>
              }
            />
          )),
        )}
        {subPages.map(({ key, path, component: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <PageGuard page={key}>
                <Page />
              </PageGuard>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
