import { BarChart3, Globe, Mail, Palette, Users } from 'lucide-react';
import {
  DEFAULT_PROVIDER,
  PLATFORMS,
  PROVIDER_IDS,
  platformNamesInWords,
} from '@shared/providers/platforms';
import { Fragment } from 'react';
import { Link } from 'wouter';
import { authUrls, paths } from '@/config/paths';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES = [
  {
    icon: BarChart3,
    title: 'Real-Time Insights',
    text: `Booked jobs against target for the next three working days, straight from ${platformNamesInWords()}. Metrics refresh every 60 seconds with colour-coded gauges.`,
  },
  {
    icon: Users,
    title: 'Team Management',
    text: 'Invite your dispatchers, CSRs and managers. Admins manage users, credentials and the subscription for the whole company.',
  },
  {
    icon: Palette,
    title: 'Customizable',
    text: 'Choose your workdays, holidays, branding, fonts and capacity targets so the board reads like your own.',
  },
] as const;

/** The footer names every platform the board reads, each linked to its own site. */
const FOOTER_PLATFORMS = [
  PLATFORMS[DEFAULT_PROVIDER],
  ...PROVIDER_IDS.filter((id) => id !== DEFAULT_PROVIDER).map((id) => PLATFORMS[id]),
];

const signIn = () => window.location.assign(authUrls.login);

/** `/` signed out. */
export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="bg-black text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link href={paths.home} className="flex items-center gap-2 text-lg font-bold">
            <BrandMark />
            <span>3 Day Call Board</span>
          </Link>
          <nav className="flex items-center gap-2">
            <Button
              asChild
              variant="ghost"
              className="hidden text-white hover:bg-white/10 hover:text-white sm:inline-flex"
            >
              <Link href={paths.pricing}>Pricing</Link>
            </Button>
            <Button onClick={signIn} className="bg-white text-black hover:bg-white/90">
              Sign In
            </Button>
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-black to-background px-4 pb-12 pt-16 text-center sm:px-6">
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
            3 Day Call Board
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300 sm:text-xl">
            See at a glance how full the next three working days are, per business unit or job type,
            live from {platformNamesInWords()}. Metrics refresh every 60 seconds with colour-coded
            gauges, sized for the office TV.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={signIn}>
              Get Started
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.customize}>Live Preview</Link>
            </Button>
          </div>
          <div className="mx-auto mt-12 max-w-6xl overflow-hidden rounded-xl border border-white/10 shadow-2xl shadow-sky-950/50">
            <img
              src="/board-screenshot.png"
              alt="The 3 Day Call Board on a TV: three day cards with capacity gauges and booked jobs per business unit"
              className="block h-auto w-full"
              width={1920}
              height={1080}
            />
          </div>
        </section>

        <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="mb-2 h-8 w-8 text-primary" aria-hidden />
                <CardTitle as="h2" className="text-xl">
                  {title}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="text-base">{text}</CardDescription>
              </CardContent>
            </Card>
          ))}
        </section>
      </main>

      <footer className="border-t bg-black px-4 py-6 text-sm text-slate-400 sm:px-6">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 sm:flex-row">
          <p>
            Works with{' '}
            {FOOTER_PLATFORMS.map((platform, i) => (
              <Fragment key={platform.id}>
                {i === 0 ? '' : i === FOOTER_PLATFORMS.length - 1 ? ' and ' : ', '}
                <a
                  href={platform.site}
                  target="_blank"
                  rel="noreferrer"
                  className="underline hover:text-white"
                >
                  {platform.name}
                </a>
              </Fragment>
            ))}
          </p>
          <nav className="flex items-center gap-4" aria-label="Contact links">
            <a href="/" aria-label="3-Day Call Board home" className="hover:text-white">
              <Globe className="h-5 w-5" />
            </a>
            <a
              href="mailto:support@callboard.app"
              aria-label="E-mail support"
              className="hover:text-white"
            >
              <Mail className="h-5 w-5" />
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
