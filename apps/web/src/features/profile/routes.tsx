import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page.ts';

/** The professional's profile of spec 000 §2.2 (issue 18), one chunk per page. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'my-profile',
    lazy: lazyPage(
      () => import('./my-profile-page.tsx'),
      (m) => m.MyProfilePage,
    ),
  },
  {
    path: 'change-user-bio',
    lazy: lazyPage(
      () => import('./change-user-bio-page.tsx'),
      (m) => m.ChangeUserBioPage,
    ),
  },
  {
    path: 'change-business-name',
    lazy: lazyPage(
      () => import('./change-business-name-page.tsx'),
      (m) => m.ChangeBusinessNamePage,
    ),
  },
  {
    path: 'change-nickname',
    lazy: lazyPage(
      () => import('./change-nickname-page.tsx'),
      (m) => m.ChangeNicknamePage,
    ),
  },
  {
    path: 'change-social-networks',
    lazy: lazyPage(
      () => import('./change-social-networks-page.tsx'),
      (m) => m.ChangeSocialNetworksPage,
    ),
  },
  {
    path: 'change-user-address',
    lazy: lazyPage(
      () => import('./change-user-address-page.tsx'),
      (m) => m.ChangeUserAddressPage,
    ),
  },
  {
    path: 'change-logo-square',
    lazy: lazyPage(
      () => import('./profile-media-pages.tsx'),
      (m) => m.ChangeLogoSquarePage,
    ),
  },
  {
    path: 'change-logo-rectangle',
    lazy: lazyPage(
      () => import('./profile-media-pages.tsx'),
      (m) => m.ChangeLogoRectanglePage,
    ),
  },
  {
    path: 'change-sign',
    lazy: lazyPage(
      () => import('./profile-media-pages.tsx'),
      (m) => m.ChangeSignPage,
    ),
  },
  {
    path: 'change-user-certificate',
    lazy: lazyPage(
      () => import('./profile-media-pages.tsx'),
      (m) => m.ChangeUserCertificatePage,
    ),
  },
  {
    path: 'my-business',
    lazy: lazyPage(
      () => import('./my-business-page.tsx'),
      (m) => m.MyBusinessPage,
    ),
  },
  {
    path: 'user-web',
    lazy: lazyPage(
      () => import('./my-business-page.tsx'),
      (m) => m.UserWebPage,
    ),
  },
];
