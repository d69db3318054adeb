import { buttonVariants } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectIsLoggedIn } from '../../session/selectors';
import { Brand } from '../../shell/Brand';
import { ThemeControl } from '../../theme/ThemeControl';

/** Brand and the visitor's links: Register and Login when logged out, Dashboard when logged in. */
export function LandingHeader() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-6 py-5">
      <Link to="/" className="rounded text-xl text-white focus-visible:outline-white">
        <Brand />
      </Link>
      <nav aria-label="Account">
        <ul className="flex items-center gap-3">
          {/* Phones follow their system setting; the header has no room for the switch there. */}
          <li className="max-sm:hidden">
            <ThemeControl />
          </li>
          {isLoggedIn ? (
            <li>
              <Link to="/dashboard" className={buttonVariants({ variant: 'primary' })}>
                Dashboard
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link to="/register" className={buttonVariants({ variant: 'secondary' })}>
                  Register
                </Link>
              </li>
              <li>
                <Link to="/login" className={buttonVariants({ variant: 'primary' })}>
                  Login
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
