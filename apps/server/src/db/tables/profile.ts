export interface ProfileTables {
  user_profiles: UserProfilesTable;
}

export interface UserProfilesTable {
  user_id: number;
  /** HTML already sanitised on the server (profile.service.ts). */
  bio: string | null;
  business_name: string | null;
  /** As the professional typed it; nickname_key is the same in lower case (unique). */
  nickname: string | null;
  nickname_key: string | null;
  /** JSON object of canonical https links by network (contract rules/social-networks.ts). */
  social_links: string | null;
  address_country_id: number | null;
  address_state_id: number | null;
  address_city_id: number | null;
  address_street: string | null;
  address_floor: string | null;
  address_depto: string | null;
  address_pobox: string | null;
  /** Public paths (/files/profile/…) of the re-encoded logos (0031). */
  logo_square: string | null;
  logo_rectangle: string | null;
  /** A key under the private folder: the signature is served to its owner only (0031). */
  sign_key: string | null;
  /** The certificate's public path, 'image' or 'pdf', the title shown with it and when it was uploaded. */
  certificate_path: string | null;
  certificate_kind: 'image' | 'pdf' | null;
  certificate_title: string | null;
  certificate_at: string | null;
  updated_at: string;
}
