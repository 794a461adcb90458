import { DEFAULT_PROVIDER, providerName } from '@shared/providers/platforms';
import { ArrowLeft, Check, Cloud, RefreshCw, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { authUrls, paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';

/** Seed section 1: the ten features of the plan. */
export const PLAN_FEATURES = [
  'Real-time 3-day capacity forecasting',
  // The seed's words: its platform is the default one.
  `${providerName(DEFAULT_PROVIDER)} API integration`,
  'Unlimited users',
  'Customizable branding and colors',
  'Weather integration',
  'Auto-refresh dashboard',
  'Mobile and tablet optimized',
  'TV display ready (1080p/4K)',
  'Admin user management',
  'Priority support',
] as const;

const ASSURANCES = [
  {
    icon: ShieldCheck,
    title: 'Secure & Reliable',
    text: 'Encrypted credentials, per-company data and sign-in through your identity provider.',
  },
  {
    icon: RefreshCw,
    title: 'Always Up-to-Date',
    text: 'Numbers refresh every 60 seconds, and the board says plainly when they cannot.',
  },
  {
    icon: Cloud,
    title: 'Cloud-Based',
    text: 'Nothing to install: open the board on any TV, laptop, tablet or phone.',
  },
] as const;

const getStarted = () => window.location.assign(authUrls.login);

/** `/pricing`. */
export function PricingPage() {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="border-b bg-black text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6">
          <Button asChild variant="ghost" className="text-white hover:bg-white/10 hover:text-white">
            <Link href={paths.home}>
              <ArrowLeft aria-hidden /> Back to Home
            </Link>
          </Button>
          <Button onClick={getStarted} className="bg-white text-black hover:bg-white/90">
            Get Started
          </Button>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Simple, transparent pricing
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">
            One plan for the whole company. Every feature included.
          </p>
        </div>

        <Card
          className="mx-auto mt-10 max-w-lg border-primary/40 shadow-xl"
          data-testid="pricing-card"
        >
          <CardHeader className="text-center">
            <CardTitle as="h2" className="text-2xl">
              Monthly Subscription
            </CardTitle>
            <CardDescription>Everything your team needs on the wall</CardDescription>
            <div className="pt-4">
              <span className="text-6xl font-extrabold">$195</span>
              <span className="text-xl text-muted-foreground">/month</span>
            </div>
            <p className="text-sm text-muted-foreground">
              No setup fee · No contract · Cancel anytime
            </p>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3" data-testid="plan-features">
              {PLAN_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-3">
                  <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-500" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            <Button size="lg" className="w-full" onClick={getStarted}>
              Get Started Now
            </Button>
          </CardFooter>
        </Card>

        <section className="mt-14 grid gap-6 md:grid-cols-3">
          {ASSURANCES.map(({ icon: Icon, title, text }) => (
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
    </div>
  );
}
