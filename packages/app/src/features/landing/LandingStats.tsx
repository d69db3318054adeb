import { LANDING_STATS } from '@inventory/contract/rules';

/** The banner's claims: 14K Brand Owners, 23K Active Orders, 500+ Partners. */
export function LandingStats() {
  return (
    <dl className="flex flex-wrap gap-8">
      {LANDING_STATS.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse">
          <dt className="text-sm text-sidebar-text">{stat.label}</dt>
          <dd className="text-3xl font-bold text-white">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
