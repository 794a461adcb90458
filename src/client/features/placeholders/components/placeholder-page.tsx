import { ArrowLeft, Construction } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/app/routes';

/** A titled page with a back button, for screens whose own issue has not landed yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Button asChild variant="ghost" className="mb-6">
          <Link href={paths.home}>
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <h1 className="mb-6 text-3xl font-bold">{title}</h1>
        <Card>
          <CardHeader className="flex flex-row items-center gap-3">
            <Construction className="h-6 w-6 text-muted-foreground" aria-hidden />
            <div>
              <CardTitle as="h2" className="text-lg">
                Coming soon
              </CardTitle>
              <CardDescription>
                This screen is being built and will appear here shortly.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent />
        </Card>
      </main>
    </div>
  );
}
