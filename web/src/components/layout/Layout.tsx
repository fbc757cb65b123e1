import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { displayName, useSession } from '../../lib/session';
import './layout.css';

interface NavItem {
  to: string;
  label: string;
  /** Active only on this exact path (Home). */
  end?: boolean;
}

const ALWAYS: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/resources', label: 'Resources' },
  { to: '/tutorial', label: 'Tutorial' },
  { to: '/faq', label: 'FAQ' },
];
const SIGNED_IN: NavItem[] = [
  { to: '/research', label: 'Research' },
  { to: '/documents', label: 'Documents' },
  { to: '/people', label: 'People' },
  { to: '/books', label: 'Books' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/account', label: 'Account' },
];

export const SUPPORT_EMAIL = 'support@gnology.com';

/** Every page's frame: the top navigation and the footer of docs/contract.md#screens. */
export function Layout() {
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <TopNav />
      <div id="content" className="shell__content" tabIndex={-1}>
        <Outlet />
      </div>
      <Footer />
      {/* A new page starts at the top; back and forward return to where the reader was (the window scrolls, not a container). */}
      <ScrollRestoration />
    </div>
  );
}

function TopNav() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // An account still waiting for its phone code is not in yet: it sees the visitor links.
  const signedIn = session.signedIn && Boolean(session.user?.phoneVerified);
  const links = signedIn ? [...ALWAYS, ...SIGNED_IN] : ALWAYS;

  // The mobile menu closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location.pathname]);

  // Escape closes the open menu and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = () => {
    setOpen(false);
    session.logout();
    navigate('/');
  };

  return (
    <header className={`topnav${signedIn ? ' topnav--member' : ''}`}>
      <div className="topnav__bar">
        <Link to="/" className="topnav__brand">
          <span className="topnav__mark" aria-hidden="true">
            G
          </span>
          GNology
        </Link>
        <Button
          ref={toggle}
          className="topnav__toggle"
          onPress={() => setOpen((o) => !o)}
          aria-controls={menuId}
          aria-expanded={open}
          aria-label="Menu"
        >
          {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
        </Button>
        <div id={menuId} className={`topnav__menu${open ? ' topnav__menu--open' : ''}`}>
          <nav aria-label="Main">
            <ul className="topnav__links">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className="topnav__link">
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topnav__account">
            {signedIn && session.user ? (
              <>
                <span className="topnav__welcome">
                  Welcome, <span className="topnav__name">{displayName(session.user)}</span>
                </span>
                <button type="button" className="topnav__logout" onClick={logout}>
                  <LogOut size={16} aria-hidden="true" />
                  Logout
                </button>
              </>
            ) : (
              !session.loading && (
                <>
                  <NavLink to="/login" className="topnav__link">
                    Login
                  </NavLink>
                  <Link to="/register" className="topnav__signup">
                    Sign Up
                  </Link>
                </>
              )
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label="Legal and support">
          <ul className="footer__links">
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`}>Support</a>
            </li>
          </ul>
        </nav>
        <p className="footer__copyright">© {new Date().getFullYear()} GNology. All rights reserved.</p>
      </div>
    </footer>
  );
}
