import { APP_NAME, APP_VERSION } from '../../../../common/limits';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span className="footer-name">{APP_NAME}</span>
        <span>Version {APP_VERSION}</span>
      </div>
    </footer>
  );
}
