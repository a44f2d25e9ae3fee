import { PlaceholderPage } from './placeholder-page';

export default function SubscriptionsPage() {
  return <PlaceholderPage title="Your Subscriptions" />;
}
