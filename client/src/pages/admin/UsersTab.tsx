import { useId, useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZAdminUpdateUserInput } from '../../../../common/schemas/admin';
import { LevelBadge } from '../../components/matches/LevelBadges';
import { useLevelCatalogue } from '../../components/matches/useLevelCatalogue';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
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
import { AdminList, ItemActions, PanelHead } from './shared';
import { firstIssue } from '../../../../common/schemas/first-issue';
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
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone);
  const [email, setEmail] = useState(user.email ?? '');
  const [level, setLevel] = useState(user.level ?? '');
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  const [error, setError] = useState<string | null>(null);
  const levelKnown = level === '' || levels.some((l) => l.niveau === level);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAdminUpdateUserInput.safeParse({
      id: user.id,
      name,
      phone,
      email: email.trim() === '' ? undefined : email,
      level,
      is_admin: isAdmin,
    });
    const issue = firstIssue(parsed)?.message ?? null;
    setError(issue);
    if (!parsed.success) return;
    update.mutate(parsed.data, {
      onSuccess: () => onSaved(),
      onError: (err) => setError(errorMessage(err, MSG.admin.updateFailed)),
    });
  };

  return (
    <Modal
      title={`Modifier ${user.name}`}
      open
      onClose={onClose}
      footer={<CancelSubmitRow form={formId} onCancel={onClose} loading={update.isPending} />}
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        <InputField label="Nom" value={name} onValueChange={setName} autoComplete="off" />
        <InputField
          label="Téléphone"
          type="tel"
          value={phone}
          onValueChange={setPhone}
          autoComplete="off"
        />
        <InputField
          label="Email"
          type="email"
          value={email}
          onValueChange={setEmail}
          autoComplete="off"
        />
        <Field label="Niveau">
          <select className="input" value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">Choisissez un niveau</option>
            {!levelKnown && <option value={level}>{level} (supprimé)</option>}
            {levels.map((l) => (
              <option key={l.niveau} value={l.niveau}>
                {l.niveau} — {l.label}
              </option>
            ))}
          </select>
        </Field>
        <CheckField label="Administrateur" checked={isAdmin} onCheckedChange={setIsAdmin} />
        {error && <Notice kind="error" persistent message={error} />}
      </form>
    </Modal>
  );
}

/** Users: list with search, edit modal (name, phone, e-mail, level, admin flag), delete after confirmation. */
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
        lead={
          list.data ? `${list.data.length} compte${list.data.length > 1 ? 's' : ''}` : undefined
        }
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
              </div>
              <p className="muted admin-user-contact">
                <span>{u.email ?? 'Pas d’email'}</span>
                <span>{u.phone}</span>
              </p>
            </div>
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
