import { FOOTER_YEAR, FREE_TRIAL_MONTHS } from '@inventory/contract/rules';
import { buttonVariants, Footer } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../page/usePageTitle';
import { InventoryIllustration } from './InventoryIllustration';
import { LandingHeader } from './LandingHeader';
import { LandingStats } from './LandingStats';

const trialLabel = `Free Trial ${FREE_TRIAL_MONTHS} Month${FREE_TRIAL_MONTHS === 1 ? '' : 's'}`;

/** `/`: the marketing banner for IT-equipment inventory. */
export function LandingPage() {
  usePageTitle();
  return (
    <div className="flex min-h-screen flex-col bg-brand-900">
      <LandingHeader />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center gap-12 px-6 py-12 lg:flex-row lg:py-20">
        <section aria-labelledby="landing-title" className="flex flex-1 flex-col gap-6">
          <h1 id="landing-title" className="text-4xl font-bold text-white">
            Inventory &amp; Stock Management Solution
          </h1>
          <p className="max-w-xl text-lg text-sidebar-text">
            Keep every laptop, monitor, router and cable of your IT-equipment shop or warehouse under control: a
            real-time catalogue, orders and a stock-value dashboard in one place.
          </p>
          <div>
            <Link to="/dashboard" className={buttonVariants({ variant: 'primary', size: 'lg' })}>
              {trialLabel}
            </Link>
          </div>
          <LandingStats />
        </section>
        <div className="flex flex-1 justify-center">
          <InventoryIllustration />
        </div>
      </main>
      <Footer year={FOOTER_YEAR} />
    </div>
  );
}
