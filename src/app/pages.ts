import type { ComponentType } from 'react';
import AboutPage from '../pages/AboutPage.tsx';
import BlogPage from '../pages/BlogPage.tsx';
import BlogPostPage from '../pages/BlogPostPage.tsx';
import FaqPage from '../pages/FaqPage.tsx';
import HomePage from '../pages/HomePage.tsx';
import HowItWorksPage from '../pages/HowItWorksPage.tsx';
import NewsletterCheckInboxPage from '../pages/NewsletterCheckInboxPage.tsx';
import NewsletterConfirmedPage from '../pages/NewsletterConfirmedPage.tsx';
import NewsletterConfirmPage from '../pages/NewsletterConfirmPage.tsx';
import NewsletterPage from '../pages/NewsletterPage.tsx';
import NewsletterUnsubscribedPage from '../pages/NewsletterUnsubscribedPage.tsx';
import NewsletterUnsubscribePage from '../pages/NewsletterUnsubscribePage.tsx';
import NotFoundPage from '../pages/NotFoundPage.tsx';
import PrivacyPage from '../pages/PrivacyPage.tsx';
import ServicesPage from '../pages/ServicesPage.tsx';
import StartProjectPage from '../pages/StartProjectPage.tsx';
import ThankYouPage from '../pages/ThankYouPage.tsx';
import type { LoadedRoute, RouteId } from './routes.ts';

/** Each route's page (./routes.ts), rendered with what the route's load decided: only the renderer imports this. */
export const pages: { [Id in RouteId]: ComponentType<LoadedRoute<Id>> } = {
  home: HomePage,
  services: ServicesPage,
  'how-it-works': HowItWorksPage,
  about: AboutPage,
  faq: FaqPage,
  'start-project': StartProjectPage,
  'thank-you': ThankYouPage,
  privacy: PrivacyPage,
  newsletter: NewsletterPage,
  'newsletter-check-your-inbox': NewsletterCheckInboxPage,
  'newsletter-confirmed': NewsletterConfirmedPage,
  'newsletter-confirm': NewsletterConfirmPage,
  'newsletter-unsubscribe': NewsletterUnsubscribePage,
  'newsletter-unsubscribed': NewsletterUnsubscribedPage,
  blog: BlogPage,
  'blog-post': BlogPostPage,
  'blog-preview': BlogPostPage,
  'not-found': NotFoundPage,
};
