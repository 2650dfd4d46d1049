import { countOf } from '../../../../common/plural';
import { useId, useState } from 'react';
import { MSG } from '../../../../common/messages';
import {
  blankAsAbsent,
  ZAdminUserForm,
  type TAdminUserForm,
} from '../../../../common/schemas/admin-forms';
import { LevelBadge } from '../../components/matches/LevelBadges';
import { useLevelCatalogue } from '../../components/matches/useLevelCatalogue';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { LevelVerifiedBadge, LevelVerifyToggle } from '../../components/results/LevelTrust';
import {
  CancelSubmitRow,
  CheckField,
  ConfirmDialog,
  Field,
  InputField,
  Modal,
  Notice,
} from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { AdminList, bound, ItemActions, PanelHead } from './shared';
import { useCrudTab } from './useCrudTab';

type AdminUser = RouterOutputs['admin']['users']['list'][number];

interface UserEditProps {
  user: AdminUser;
  onClose: () => void;
  onSaved: () => void;
}

function UserEditModal({ user, onClose, onSaved }: UserEditProps) {
  const levels = useLevelCatalogue() ?? [];
  const update = trpc.admin.users.update.useMutation();
  const formId = useId();
  const form = useZodForm(ZAdminUserForm, {
    defaultValues: {
      name: user.name,
      phone: user.phone,
      email: user.email ?? '',
      level: user.level ?? '',
      is_admin: user.is_admin,
    },
  });
  const name = useFormField(form, 'name');
  const phone = useFormField(form, 'phone');
  const email = useFormField(form, 'email');
  const { ref: levelRef, ...level } = useFormField(form, 'level');
  const isAdmin = useFormField(form, 'is_admin');
  const levelKnown = level.value === '' || levels.some((l) => l.niveau === level.value);

  const submit = (values: TAdminUserForm) =>
    update.mutate(
      // A blank e-mail leaves the stored one as it is.
      { ...values, id: user.id, email: blankAsAbsent(values.email) },
      {
        onSuccess: () => onSaved(),
        onError: (err) => form.fail(errorMessage(err, MSG.admin.updateFailed)),
      },
    );

  return (
    <Modal
      title={`Modifier ${user.name}`}
      open
      onClose={onClose}
      footer={<CancelSubmitRow form={formId} onCancel={onClose} loading={update.isPending} />}
    >
      <form id={formId} className="stack" onSubmit={form.onSubmit(submit)} noValidate>
        <InputField label="Nom" {...bound(name)} autoComplete="off" />
        <InputField label="Téléphone" type="tel" {...bound(phone)} autoComplete="off" />
        <InputField label="Email" type="email" {...bound(email)} autoComplete="off" />
        <Field label="Niveau">
          <select
            className="input"
            ref={levelRef}
            value={level.value}
            onChange={(e) => level.onValueChange(e.target.value)}
          >
            <option value="">Choisissez un niveau</option>
            {!levelKnown && <option value={level.value}>{level.value} (supprimé)</option>}
            {levels.map((l) => (
              <option key={l.niveau} value={l.niveau}>
                {l.niveau} — {l.label}
              </option>
            ))}
          </select>
        </Field>
        <CheckField
          label="Administrateur"
          checked={isAdmin.value ?? false}
          onCheckedChange={isAdmin.onValueChange}
        />
        <Notice kind="error" persistent message={form.formError} />
      </form>
    </Modal>
  );
}

/** Users: list with search, « Niveau vérifié » toggle, edit modal (name, phone, e-mail, level, admin flag), delete after confirmation. */
export function UsersTab() {
  const { user: me } = useAuth();
  const utils = trpc.useUtils();
  const list = trpc.admin.users.list.useQuery();
  const catalogue = useLevelCatalogue();
  const crud = useCrudTab<AdminUser, AdminUser>({
    remove: trpc.admin.users.delete.useMutation(),
    refresh: () => void utils.admin.users.list.invalidate(),
    // The user's matches go with the account.
    refreshAfterDelete: () => {
      void utils.admin.users.list.invalidate();
      void utils.matches.invalidate();
    },
  });
  const setVerified = trpc.admin.users.setLevelVerified.useMutation();
  const [query, setQuery] = useState('');

  const needle = query.trim().toLowerCase();
  const users = (list.data ?? []).filter(
    (u) =>
      !needle || [u.name, u.email ?? '', u.phone].some((v) => v.toLowerCase().includes(needle)),
  );

  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Utilisateurs"
        lead={list.data ? countOf(list.data.length, 'compte', 'comptes') : undefined}
      />
      <NoticeSlot notice={crud.notice.notice} onClose={crud.notice.clear} />
      <InputField
        label="Rechercher un utilisateur"
        fieldClassName="admin-search"
        type="search"
        value={query}
        onValueChange={setQuery}
        placeholder="Nom, email ou téléphone"
      />
      <AdminList
        loading={list.isPending}
        loadingLabel="Chargement des utilisateurs..."
        error={list.isError ? errorMessage(list.error, MSG.admin.usersLoadFailed) : null}
        emptyTitle="Aucun utilisateur trouvé."
        items={users}
        itemKey={(u) => u.id}
      >
        {(u) => (
          <>
            <span className="admin-avatar" aria-hidden="true">
              {u.name.trim().charAt(0).toUpperCase()}
            </span>
            <div className="admin-item-main">
              <div className="admin-item-title">
                <h3>{u.name}</h3>
                <span className={u.is_admin ? 'badge badge-primary' : 'badge'}>
                  {u.is_admin ? 'Admin' : 'Utilisateur'}
                </span>
                {u.level && <LevelBadge niveau={u.level} catalogue={catalogue} />}
                {u.level && u.level_verified && <LevelVerifiedBadge />}
              </div>
              <p className="muted admin-user-contact">
                <span>{u.email ?? 'Pas d’email'}</span>
                <span>{u.phone}</span>
              </p>
            </div>
            {u.level && (
              <LevelVerifyToggle
                name={u.name}
                verified={u.level_verified ?? false}
                loading={setVerified.isPending && setVerified.variables?.userId === u.id}
                onToggle={(verified) =>
                  setVerified.mutate(
                    { userId: u.id, verified },
                    {
                      onSuccess: (r) => crud.notice.success(r.message),
                      onError: (err) => crud.notice.error(errorMessage(err, MSG.admin.saveFailed)),
                      onSettled: () => void utils.admin.users.list.invalidate(),
                    },
                  )
                }
              />
            )}
            <ItemActions
              name={u.name}
              onEdit={() => crud.edit(u)}
              onDelete={() => crud.askDelete(u)}
              deleteDisabled={u.id === me?.id}
            />
          </>
        )}
      </AdminList>
      {crud.edited && (
        <UserEditModal
          key={crud.edited.id}
          user={crud.edited}
          onClose={crud.closeForm}
          onSaved={crud.saved}
        />
      )}
      <ConfirmDialog
        {...crud.confirmDelete}
        title="Supprimer cet utilisateur ?"
        message={`Le compte de ${crud.deleting?.name ?? ''} et ses matchs seront supprimés. Cette action est irréversible.`}
      />
    </div>
  );
}
