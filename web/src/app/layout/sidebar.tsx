import { NavLink } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { STORE_NAME, STORE_TAGLINE } from '@/config/store';
import { usePageAccess } from '@/lib/page-permissions';
import { ROLE_LABELS, useSignedInUser } from '@/lib/session';
import { useLogout } from '@/features/auth/api/logout';
import { cn } from '@/utils/cn';
import { appPages } from '../route-config';

/** Brand, the pages this user may open, and who is signed in. Used by both the desktop and mobile sidebars. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSignedInUser();
  const { canAccess } = usePageAccess();
  const signOut = useLogout();
  const visiblePages = appPages.filter((page) => canAccess(page.key));

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-5">
        <Logo />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{STORE_NAME}</p>
          <p className="truncate text-xs text-slate-500">{STORE_TAGLINE}</p>
        </div>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {visiblePages.map(({ key, paths, navLabel, icon: Icon }) => (
            <li key={key}>
              <NavLink
                to={paths[0] ?? '/'}
                end
                onClick={onNavigate}
                data-testid={`nav-${key}`}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    'focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none',
                    isActive ? 'bg-rose-50 text-rose-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                {navLabel}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-t border-slate-100 p-4" data-testid="sidebar-user">
        <div className="mb-3 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 uppercase"
          >
            {user.username.charAt(0)}
          </span>
          <div className="min-w-0">
            <p data-testid="sidebar-username" className="truncate text-sm font-medium text-slate-900">
              {user.username}
            </p>
            <p data-testid="sidebar-role" className="truncate text-xs text-slate-500">
              {ROLE_LABELS[user.role]}
            </p>
          </div>
        </div>
        <Button variant="outline" size="sm" className="w-full" onClick={signOut} data-testid="sign-out-button">
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
