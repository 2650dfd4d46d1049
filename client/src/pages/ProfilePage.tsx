import { useState } from 'react';
import { MSG } from '../../../common/messages';
import { EveningList } from '../components/evenings/EveningList';
import { Avatar } from '../components/layout/Avatar';
import { Button, Notice, Spinner, type NoticeKind } from '../components/ui';
import { useAuth, type TUser } from '../lib/auth';
import { deviceName, isDeviceTrusted } from '../lib/device';
import { trpc } from '../lib/trpc';
import { AccountDataCard } from './profile/AccountDataCard';
import { ChangePinModal } from './profile/ChangePinModal';
import { LevelProgress } from './profile/LevelProgress';
import { MyResultsCard } from './profile/MyResultsCard';
import { NotificationPrefs } from './profile/NotificationPrefs';
import { PushDevice } from './profile/PushDevice';
import { ProfileEditForm } from './profile/ProfileEditForm';
import { TipsBox } from './profile/TipsBox';
import { WantsLink } from './profile/WantsLink';

export interface ProfilePageProps {
  /** Test seam for the photo step (canvas is not available everywhere). */
  preparePhoto?: (file: File) => Promise<string>;
}

/**
 * Mon Profil: view and edit of the player's photo, name and level, the PIN change, their results
 * and their data.
 */
export default function ProfilePage({ preparePhoto }: ProfilePageProps = {}) {
  const { user, setUser } = useAuth();
  const levels = trpc.levels.list.useQuery();
  const [editing, setEditing] = useState(false);
  const [pinOpen, setPinOpen] = useState(false);
  const [notice, setNotice] = useState<{ kind: NoticeKind; message: string } | null>(null);

  // A level an admin deleted: explain, open edit mode with the level cleared (spec section 4).
  const levelList = levels.data ?? [];
  const levelGone =
    !!user?.level && levels.isSuccess && !levelList.some((l) => l.niveau === user.level);
  const [goneHandledFor, setGoneHandledFor] = useState<string | null>(null);
  if (levelGone && user?.level && goneHandledFor !== user.level) {
    setGoneHandledFor(user.level);
    setEditing(true);
    setNotice({ kind: 'info', message: MSG.profile.levelGone });
  }

  if (!user) return null;
  const level = levelList.find((l) => l.niveau === user.level);

  const onSaved = (saved: TUser) => {
    setUser(saved);
    setEditing(false);
    setNotice({ kind: 'success', message: MSG.profile.updated });
  };

  return (
    <div className="page">
      <h1 className="page-title">Mon Profil</h1>
      <div className="stack">
        <Notice
          kind={notice?.kind ?? 'info'}
          message={notice?.message}
          onClose={() => setNotice(null)}
          persistent={notice?.kind === 'info'}
        />
        <div className="profile-layout">
          {editing ? (
            levels.isPending ? (
              <Spinner />
            ) : (
              <ProfileEditForm
                user={user}
                levels={levelList}
                levelCleared={levelGone}
                onSaved={onSaved}
                onCancel={() => setEditing(false)}
                prepare={preparePhoto}
              />
            )
          ) : (
            <section className="card profile-hero" aria-labelledby="profile-name">
              {user.photo ? (
                <img className="profile-photo" src={user.photo} alt={`Photo de ${user.name}`} />
              ) : (
                <Avatar name={user.name} photo={null} className="profile-photo" />
              )}
              <h2 className="profile-name" id="profile-name">
                {user.name}
              </h2>
              {user.is_admin && <span className="badge badge-primary">Administrateur</span>}
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
              >
                Modifier le profil
              </Button>
            </section>
          )}
          <div className="stack">
            <section className="card" aria-labelledby="profile-info-title">
              <h2 className="section-title" id="profile-info-title">
                Informations
              </h2>
              <dl className="profile-details">
                <div className="row row-between profile-detail">
                  <dt>Email</dt>
                  <dd>{user.email ?? '—'}</dd>
                </div>
                <div className="row row-between profile-detail">
                  <dt>Téléphone</dt>
                  <dd>{user.phone}</dd>
                </div>
                <div className="row row-between profile-detail">
                  <dt>Niveau</dt>
                  <dd className="row">
                    {user.level ?? 'Non renseigné'}
                    {levelGone && (
                      <span className="badge badge-danger">{MSG.profile.levelDeletedBadge}</span>
                    )}
                  </dd>
                </div>
                <div className="row row-between profile-detail">
                  <dt>Code PIN</dt>
                  <dd className="row">
                    <span className="pin-mask" aria-hidden="true">
                      ••••
                    </span>
                    <span className="visually-hidden">Code PIN masqué</span>
                    <Button
                      variant="ghost"
                      onClick={() => setPinOpen(true)}
                      aria-label="Modifier le code PIN"
                    >
                      Modifier
                    </Button>
                  </dd>
                </div>
                <div className="row row-between profile-detail">
                  <dt>Appareil</dt>
                  <dd>
                    {deviceName()}
                    {isDeviceTrusted() && <span className="muted"> (appareil de confiance)</span>}
                  </dd>
                </div>
              </dl>
            </section>
            <MyResultsCard userId={user.id} />
            <EveningList mine />
            <WantsLink />
            <NotificationPrefs onNotice={(kind, message) => setNotice({ kind, message })} />
            <PushDevice />
            {level && <LevelProgress level={level} levelCount={levelList.length} />}
            <TipsBox />
            <AccountDataCard userId={user.id} />
          </div>
        </div>
      </div>
      <ChangePinModal open={pinOpen} onClose={() => setPinOpen(false)} />
    </div>
  );
}
