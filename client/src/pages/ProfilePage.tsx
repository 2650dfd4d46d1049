export default function ProfilePage() {
  return (
    <div className="page">
      <h1 className="page-title">Mon Profil</h1>
    </div>
  );
}
