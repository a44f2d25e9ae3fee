/** Offset paging of list services (`page` ≥ 1 and `limit` as the route's PageQuery parsed them). */
export interface Page {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Page) => (page - 1) * limit;

/** The 404 of lists that belong to a user (their playlists, tweets, subscriptions). */
export const USER_NOT_FOUND = 'User not found';
