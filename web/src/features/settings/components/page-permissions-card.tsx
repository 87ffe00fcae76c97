import { PAGE_KEYS, type PageKey } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useRefocusWhenIdle } from '@/components/ui/use-refocus-when-idle';
import { toast, toastError } from '@/components/toast/use-toast';
import { usePagePermissions } from '@/lib/page-permissions';
import { useUpdatePagePermissions } from '../api/update-page-permissions';
import { PAGE_LABELS, withPageAccess } from '../utils/page-labels';

/** Spec section 6: a switch per page for assistants; managers always reach every page. */
export function PagePermissionsCard() {
  const permissions = usePagePermissions();
  const update = useUpdatePagePermissions();
  const value = permissions.data?.value;
  // Every switch is disabled while one saves: the one pressed from the keyboard gets the focus back.
  const { keepFocus } = useRefocusWhenIdle(update.isPending);

  const onToggle = (page: PageKey, allowed: boolean) => {
    keepFocus(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    // With what it was read as: the server turns only this switch, keeping any another manager turned meanwhile.
    update.mutate(
      { value: withPageAccess(value, page, allowed), basedOn: value },
      {
        onSuccess: () =>
          toast({
            title: 'Permissions updated',
            description: `Sales assistants ${allowed ? 'can now open' : 'can no longer open'} ${PAGE_LABELS[page]}.`,
          }),
        onError: () => toastError('Failed to update permissions. Please try again.'),
      },
    );
  };

  return (
    <Card data-testid="page-permissions">
      <CardHeader>
        <div>
          <CardTitle>Page Access Permissions</CardTitle>
          <CardDescription>Choose which pages sales assistants can open. Managers can open every page.</CardDescription>
        </div>
      </CardHeader>
      {/* A plain wrapper, not CardBody: cn() does not merge classes, so CardBody's px-5 would win over px-0
          and squeeze the table out of a 375 px screen. */}
      <div>
        {permissions.isPending && !permissions.isError ? (
          <div className="flex justify-center py-8 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : permissions.isError ? (
          <LoadFailed
            message="Page permissions could not be loaded."
            onRetry={() => void permissions.refetch()}
            retrying={permissions.isFetching}
            padding="py-8"
            testId="permissions-load-failed"
          />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-3 sm:px-5">
                    Page
                  </th>
                  <th scope="col" className="px-2 py-3 text-center">
                    Manager
                  </th>
                  <th scope="col" className="px-3 py-3 text-center sm:px-5">
                    Sales Assistant
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {PAGE_KEYS.map((page) => (
                  <tr key={page} data-testid="permission-row" data-page={page}>
                    <th scope="row" className="px-3 py-3 font-medium text-slate-900 sm:px-5">
                      {PAGE_LABELS[page]}
                    </th>
                    <td className="px-2 py-3 text-center">
                      <Switch
                        checked
                        disabled
                        data-testid="manager-permission-switch"
                        data-page={page}
                        aria-label={`Managers can open ${PAGE_LABELS[page]}`}
                      />
                    </td>
                    <td className="px-3 py-3 text-center sm:px-5">
                      <Switch
                        checked={value?.assistant?.[page] === true}
                        disabled={update.isPending}
                        onCheckedChange={(checked) => onToggle(page, checked)}
                        data-testid="permission-switch"
                        data-page={page}
                        aria-label={`Sales assistants can open ${PAGE_LABELS[page]}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}
