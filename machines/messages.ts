/**
 * Every fixed user-facing text of the account flows, exactly as the product spec words them
 * (spec §2, §5, §8). Machines use them for the errors they set; views import them for labels and
 * toasts, so a text is written once.
 */
import { SIGNUP_STEPS } from './constants.js';

export const MESSAGES = {
  // Sign-in (spec §8).
  loginSucceeded: 'successfully login',
  loginFailed: 'failed to login user',
  startCreating: 'Start Creating',
  // The session's (log out): session-messages.ts, the only texts every page carries.
  // Signup wizard (spec §2 "Signup screen", §8).
  registerSucceeded: 'Register successfully',
  registerFailed: 'Failed to register User plz try again',
  usingDefaultAvatar: 'Using default avatar',
  usingDefaultCover: 'Using default cover',
  useDefaultImage: 'Use Default Image',
  completeRegistration: 'Complete Registration',
  back: 'Back',
  continue: 'Continue',
  edit: 'Edit',
  // Image pickers and the upload popup (spec §2 "Settings", §5, §8).
  /** The spec says pickers accept images only but gives no text: ours, when a non-image is offered. */
  imagesOnly: 'Please choose an image file (PNG, JPG, GIF)',
  avatarChanged: 'successfully changed avatar image',
  avatarChangeFailed: 'failed to update avatar image',
  coverChanged: 'successfully changed cover image',
  coverChangeFailed: 'failed to update cover image',
  upload: 'Upload',
  // Settings: personal information (spec §5, §8).
  personalInformation: 'Personal Information',
  bothFieldsRequired: 'Both fields are required',
  /**
   * The one toast of a saved form (issue 29: one message per outcome). The spec lists two texts
   * for each save, the store's ('Successfully update your details', 'successfully changed
   * password') and the form's; the form's are shown, as the spec ties them to the fulfilled save.
   */
  personalInfoSaved: 'Personal information updated successfully',
  personalInfoFailed: 'Failed to update information',
  // Settings: change password (spec §5, §8).
  changePassword: 'Change Password',
  allFieldsRequired: 'All fields are required',
  newPasswordMismatch: "New password and confirmation don't match",
  passwordsDontMatch: "Passwords don't match",
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  // Both settings forms.
  cancelConfirm: 'Are you sure you want to cancel? Any unsaved changes will be lost.',
  // App shell.
  unexpectedError: 'Unexpected Application Error!',
  // Channel page (spec §2, §5, §8).
  unableToGetUser: 'Unable to get this user',
  /** The store's toast for the same failure, besides the page's text (spec §8). */
  failedToGetChannel: 'Failed to get channel',
  loadingMoreVideos: 'Loading more videos...',
  noVideos: 'No videos',
  noDescription: 'No description',
  tweetPlaceholder: 'Write your valuable tweets here...',
  tweetContentRequired: 'Tweet content is required!',
  tweetContentEmpty: 'Tweet content cannot be empty',
  tweetUpdated: 'Tweet updated successfully',
  tweetDeleted: 'Tweet deleted successfully',
  viewChannel: 'View Channel',
} as const;

/**
 * The viewer's library screens: History, Subscriptions and a playlist (spec §2, §8), verbatim
 * where the spec words them; texts the spec leaves open are marked "ours".
 */
export const LIBRARY_MESSAGES = {
  // History (spec §2 "History page", §8).
  historyTitle: 'Your Watch History',
  noHistory: 'No watch history found',
  exploreVideos: 'Explore Videos',
  clearAllHistory: 'Clear all history',
  removeFromHistory: 'Remove from history',
  historyRemoved: 'Video removed from watch history',
  historyCleared: 'Watch history cleared',
  previous: 'Previous',
  next: 'Next',
  /** Ours: the question before clearing, its title and buttons. */
  clearHistoryTitle: 'Clear watch history?',
  clearHistoryConfirm:
    'Every video you watched will be removed from your history. This cannot be undone.',
  clearHistoryYes: 'Clear history',
  cancel: 'Cancel',
  /** Ours: the spec only logs these failures; we also tell the user. */
  historyRemoveFailed: 'Failed to remove the video from watch history',
  historyClearFailed: 'Failed to clear watch history',
  historyLoadFailed: 'Failed to load your watch history. Please try again.',
  // Library (/collections; the spec names the route only, so these are ours).
  libraryTitle: 'Library',
  historyShelf: 'History',
  watchLaterShelf: 'Watch later',
  noWatchLater: 'Save videos to watch later. Your list shows up here.',
  watchLaterFailed: 'Failed to load Watch later. Please try again.',
  playlistsShelf: 'Your playlists',
  noPlaylistsShelf: 'You have no playlists yet. Create one from your dashboard.',
  playlistsShelfFailed: 'Failed to load your playlists. Please try again.',
  yourVideosShelf: 'Your videos',
  noVideosShelf: 'You have not uploaded any videos yet.',
  videosShelfFailed: 'Failed to load your videos. Please try again.',
  // Subscriptions (spec §2 "Subscriptions page").
  subscriptionsTitle: 'Your Subscriptions',
  noSubscriptions: 'No subscriptions found',
  /** Ours: the spec names an explanatory text without wording it. */
  noSubscriptionsHint:
    "You haven't subscribed to any channels yet. Subscribe to channels you like and they will show up here.",
  discoverChannels: 'Discover Channels',
  noChannelDescription: 'No channel description',
  unsubscribe: 'Unsubscribe',
  /** Ours: the issue asks that a failed unsubscribe says so. */
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  subscriptionsLoadFailed: 'Failed to load your subscriptions. Please try again.',
  // The subscriptions feed (issue 23; ours).
  subscriptionsChannelsTab: 'Channels',
  subscriptionsVideosTab: 'Latest videos',
  subscriptionFeedShelf: 'Latest from your subscriptions',
  noSubscriptionFeed:
    'No videos from your subscriptions yet. Subscribe to channels to see their new videos here.',
  // Playlist detail (spec §2 "Playlist detail").
  playlistLoading: 'Loading ...',
  /** Ours: an empty playlist, an unknown id, a failed load. */
  playlistEmpty: 'This playlist has no videos yet.',
  playlistNotFound: 'Playlist not found',
  playlistNotFoundHint: 'This playlist does not exist or has been deleted.',
  playlistLoadFailed: 'Failed to load this playlist. Please try again.',
  showMoreVideos: 'Show more videos',
  moreVideosFailed: 'Failed to load more videos. Please try again.',
  backToHome: 'Back to Home',
} as const;

/** 'Page X of Y' under the history list (spec §2). */
export function pageLabel(page: number, totalPages: number): string {
  return `Page ${page} of ${totalPages}`;
}

/**
 * The spec's 'n Videos' or 'No videos' (spec §2 Channel, Playlists tab), on the channel's playlist
 * cards, the dashboard's playlist rows and the playlist page: '1 Video' for one, never '1 Videos'
 * (issue 22: counts read right).
 */
export function videoCountLabel(count: number): string {
  if (count <= 0) return MESSAGES.noVideos;
  return `${count} ${count === 1 ? 'Video' : 'Videos'}`;
}

/** The tweet count above a tweet list (channel tab and dashboard). */
export const tweetCountLabel = (n: number): string => `${n} ${n === 1 ? 'Tweet' : 'Tweets'}`;

/** Titles of the signup wizard's steps, in order (spec §2). */
export const SIGNUP_STEP_TITLES = [
  'Basic Information',
  'Profile Picture',
  'Cover Image',
  'Review',
] as const;

/** The wizard's step indicator: step is 0-based, the text 1-based ('Step 1 of 4'). */
export function stepLabel(step: number): string {
  return `Step ${step + 1} of ${SIGNUP_STEPS}`;
}
