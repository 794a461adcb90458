import {
  Cloud,
  CloudDrizzle,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  Sun,
  type LucideProps,
} from 'lucide-react';

/** The icon for a condition name from the shared weather vocabulary. */
export function WeatherIcon({ condition, ...props }: { condition: string } & LucideProps) {
  const c = condition.toLowerCase();
  if (c.includes('thunder')) return <CloudLightning {...props} />;
  if (c.includes('snow')) return <CloudSnow {...props} />;
  if (c.includes('shower')) return <CloudDrizzle {...props} />;
  if (c.includes('rain')) return <CloudRain {...props} />;
  if (c.includes('partly')) return <CloudSun {...props} />;
  if (c.includes('clear')) return <Sun {...props} />;
  return <Cloud {...props} />;
}
