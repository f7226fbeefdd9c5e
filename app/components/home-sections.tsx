import { Link } from 'react-router';
import type { EndingSoonBand as EndingSoonBandData, ResourceCard as ResourceCardData } from '../lib/content-cards.ts';
import { cx } from '../lib/cx.ts';
import { PostCardGrid } from './post-card-grid.tsx';
import { ResourceCard } from './resource-card.tsx';
import { Icon } from './ui/icon.tsx';

/** The page's heading and the line under it, as the owner words them in the site settings. */
export function HomeHero({ heading, text }: { heading: string; text: string | null }) {
  return (
    <header className="mb-8 max-w-3xl">
      <h1 className="page-title">{heading}</h1>
      {text ? <p className="lead mt-3">{text}</p> : null}
    </header>
  );
}

/** A section's heading with a link to its whole list beside it. */
function SectionHeading({ id, title, to, linkText }: { id: string; title: string; to: string; linkText: string }) {
  return (
    <div className="section-head">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <Link
        to={to}
        prefetch="intent"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline"
      >
        {linkText}
        <Icon name="arrow-right" className="size-4" />
      </Link>
    </div>
  );
}

/** "No campaign ends in the next 48 hours.", "Only one campaign ends in the next 48 hours." */
export function fewEndingSoonText(count: number): string {
  if (count === 0) return 'No campaign ends in the next 48 hours.';
  return `Only ${count === 1 ? 'one campaign ends' : `${count} campaigns end`} in the next 48 hours.`;
}

/**
 * The campaigns ending within 48 hours, the one ending first at the top;
 * when they are few, a line saying so and those ending next below their
 * own heading. Nothing when no campaign is live.
 */
export function EndingSoonBand({ band }: { band: EndingSoonBandData }) {
  const { soon, next } = band;
  if (soon.length === 0 && next.length === 0) return null;
  return (
    <>
      <section aria-labelledby="ending-soon" className="mt-section">
        <SectionHeading id="ending-soon" title="Ending in the next 48 hours" to="/ending-soon" linkText="All live campaigns" />
        {soon.length > 0 ? <PostCardGrid posts={soon} /> : null}
        {next.length > 0 ? <p className={cx('text-muted-foreground', soon.length > 0 && 'mt-6')}>{fewEndingSoonText(soon.length)}</p> : null}
      </section>
      {next.length > 0 ? (
        <section aria-labelledby="ending-next" className="mt-8">
          <h2 id="ending-next" className="mb-gutter section-title-sm">
            Ending next
          </h2>
          <PostCardGrid posts={next} />
        </section>
      ) : null}
    </>
  );
}

/** The newest guides for campaign owners, below the projects. */
export function LatestResources({ resources }: { resources: readonly ResourceCardData[] }) {
  if (resources.length === 0) return null;
  return (
    <section aria-labelledby="latest-resources" className="mt-section">
      <SectionHeading id="latest-resources" title="Guides for campaign creators" to="/resources" linkText="All resources" />
      <ul className="grid gap-gutter sm:grid-cols-2 lg:grid-cols-3">
        {resources.map((resource) => (
          <li key={resource.slug}>
            <ResourceCard resource={resource} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const CALCULATORS = [
  {
    to: '/instant-kickstarter-fee-calculator',
    title: 'Kickstarter Fee Calculator',
    text: 'See what Kickstarter and its payment processing take from your goal, and what reaches you.',
  },
  {
    to: '/free-indiegogo-fee-calculator',
    title: 'Indiegogo Fee Calculator',
    text: 'Work out the Indiegogo platform and processing fees before you set your goal.',
  },
] as const;

/** The two fee calculators, for campaign owners planning a goal. */
export function CalculatorLinks() {
  return (
    <section aria-labelledby="fee-calculators" className="mt-section">
      <h2 id="fee-calculators" className="section-head section-title">
        Know the fees before you set a goal
      </h2>
      <ul className="grid gap-x-gutter border-b border-border sm:grid-cols-2 sm:border-b-0">
        {CALCULATORS.map((calculator) => (
          <li key={calculator.to} className="sm:border-b sm:border-border">
            <div className="content-row group">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon name="calculator" className="size-5" />
              </span>
              <div className="content-row-body">
                <h3 className="content-card-title">
                  <Link to={calculator.to} prefetch="intent" className="after:absolute after:inset-0 group-hover:underline">
                    {calculator.title}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">{calculator.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
