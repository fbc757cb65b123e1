import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from './pages/account/AccountPage';
import { AlbumCreatorPage } from './pages/album/AlbumCreatorPage';
import { LoginPage } from './pages/auth/LoginPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import { AboutGenePage } from './pages/content/AboutGenePage';
import { AboutPage } from './pages/content/AboutPage';
import { FaqPage } from './pages/content/FaqPage';
import { PrivacyPage } from './pages/content/PrivacyPage';
import { ResourcesPage } from './pages/content/ResourcesPage';
import { TermsPage } from './pages/content/TermsPage';
import { TutorialPage } from './pages/content/TutorialPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { DocumentsPage } from './pages/documents/DocumentsPage';
import { GalleryPage } from './pages/gallery/GalleryPage';
import { LandingPage } from './pages/landing/LandingPage';
import { PricingPage } from './pages/pricing/PricingPage';
import { ResearchPage } from './pages/research/ResearchPage';

/**
 * The route table of spec section 2: public routes, then the signed-in ones, which the
 * layout's guard protects. Each page lives in its own module under pages/<area>/.
 */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: 'landing', element: <Navigate to="/" replace /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'about-gene', element: <AboutGenePage /> },
  { path: 'pricing', element: <PricingPage /> },
  { path: 'resources', element: <ResourcesPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'tutorial', element: <TutorialPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
];

export const protectedRoutes: RouteObject[] = [
  { path: 'research', element: <ResearchPage /> },
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'gallery', element: <GalleryPage /> },
  { path: 'album-creator', element: <AlbumCreatorPage /> },
  { path: 'account', element: <AccountPage /> },
  { path: 'dashboard', element: <DashboardPage /> },
];
