import type { FormEvent, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { MSG } from '../../../../common/messages';
import type { TActionResult } from '../../../../common/schemas/admin';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, Loaded, type LoadableQuery } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import type { ZodForm } from '../../lib/zod-form';
import { AdminFormCard, PanelHead } from './shared';

interface ProviderTabProps<T> {
  title: string;
  lead: string;
  /** The stored configuration (null when none is stored yet). */
  query: LoadableQuery<T>;
  children: (config: T) => ReactNode;
}

/** A sending provider's tab (SMTP, Twilio): its heading, then its form once the stored configuration is loaded. */
export function ProviderTab<T>({ title, lead, query, children }: ProviderTabProps<T>) {
  return (
    <div className="admin-tab-body">
      <PanelHead title={title} lead={lead} />
      <Loaded
        query={query}
        loadingLabel="Chargement de la configuration..."
        errorFallback={MSG.admin.configLoadFailed}
      >
        {children}
      </Loaded>
    </div>
  );
}

/**
 * One toast for a provider form: the check's first message while it stands, else the outcome of
 * the last save or test. A save or a test that changes the stored configuration calls `refresh`
 * (a passed test makes it activable).
 */
export function useProviderNotice<TValues extends FieldValues>(
  form: ZodForm<TValues>,
  refresh: () => void,
) {
  const notice = useNotice();
  const checkMessage = form.formError;
  return {
    slot: (
      <NoticeSlot
        notice={checkMessage ? { kind: 'error', message: checkMessage } : notice.notice}
        onClose={() => {
          form.clearErrors();
          notice.clear();
        }}
      />
    ),
    /** Options for a save: its message (or `saved`), then `after` and the refresh. */
    saveHandlers: (saved: string, after?: () => void) => ({
      onSuccess: (r: TActionResult) => {
        notice.success(r.message || saved);
        after?.();
        refresh();
      },
      onError: (err: unknown) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
    }),
    /** Options for a test: `passed` words a success (from the server's message), failures say why. */
    testHandlers: (passed: (message: string) => string, failed: string) => ({
      onSuccess: (r: TActionResult) => {
        if (r.success) notice.success(passed(r.message));
        else notice.error(r.message || failed);
        refresh();
      },
      onError: (err: unknown) => notice.error(errorMessage(err, failed)),
    }),
  };
}

interface ProviderFormProps {
  label: string;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  /** The form's toast (see useProviderNotice). */
  slot: ReactNode;
  /** An action before 'Enregistrer' (Twilio's 'Tester'). */
  extraAction?: ReactNode;
  children: ReactNode;
}

/** A provider's settings card: its fields, the toast, and 'Enregistrer'. */
export function ProviderForm({ saving, slot, extraAction, children, ...card }: ProviderFormProps) {
  return (
    <AdminFormCard
      {...card}
      actions={
        <>
          {extraAction}
          <Button type="submit" loading={saving}>
            Enregistrer
          </Button>
        </>
      }
    >
      {children}
      {slot}
    </AdminFormCard>
  );
}
