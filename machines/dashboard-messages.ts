/**
 * The dashboard's texts, kept apart from messages.ts (which the first page's chunk carries) so
 * that `/` does not grow. First the analytics grid and the views chart (spec §2 Dashboard, §8).
 */
export const DASHBOARD_STATS_MESSAGES = {
  // Spec §8, verbatim: the grid's failure text when the server gives no message.
  statsFailed: 'Failed to fetch channel stats',
  // Not in the spec: the chart's own failure text and the grid's labels.
  viewsFailed: 'Failed to fetch channel views',
  totalViews: 'Total views',
  totalVideos: 'Videos',
  subscribers: 'Subscribers',
  videoLikes: 'Likes on videos',
  tweetAndCommentLikes: 'Likes on tweets, comments and replies',
  playlists: 'Playlists',
  tweets: 'Tweets',
  viewsOverTime: 'Views over time',
  topVideos: 'Top videos',
  noTopVideos: 'No views in this period yet',
} as const;

/** The period selector's option text: 'Last 7 days'. */
export function periodLabel(days: number): string {
  return `Last ${days} days`;
}

/**
 * Dashboard dialogs (spec §5, §8), verbatim where the spec words them; texts it leaves open are
 * marked "ours".
 */
export const DASHBOARD_MESSAGES = {
  // Closing a changed form dialog (ours: the spec is silent; Settings asks the same way).
  discardTitle: 'Discard changes?',
  discardMessage: 'What you changed in this dialog will be lost.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  // Add to playlist / add videos / remove videos (spec §5, §8).
  selectPlaylist: 'Please select at least one playlist',
  selectVideo: 'Please select at least one video',
  selectVideoToRemove: 'Please select at least one video to remove',
  videosAdded: 'Videos added to playlist successfully',
  videosAddFailed: 'Failed to add videos to playlist',
  videosRemoved: 'Videos removed from playlist successfully',
  videosRemoveFailed: 'Failed to remove videos from playlist',
  alreadyInPlaylist: 'Already in playlist',
  showMore: 'Show more',
  /** Ours: the add-videos and remove-videos dialogs' empty lists. */
  noVideosToAdd: 'You have not uploaded any videos yet',
  noVideosToRemove: 'This playlist has no videos yet',
  /** Ours: the list of the dialog could not be loaded. */
  batchLoadFailed: 'Failed to load the list. Please try again.',
  // Form dialogs (spec §5).
  allFieldsMarkedRequired: 'All fields marked with * are required!',
  titleRequired: 'Title is required!',
  /** Ours: the hint under the tag input of the edit dialog (at least one tag is not enforced). */
  tagHint: 'Add at least one tag so viewers can find your video.',
  /** Ours: the spec only logs these failures; the dialog also shows them. */
  videoEditFailed: 'Failed to update video',
  playlistCreateFailed: 'Failed to create playlist',
  playlistUpdateFailed: 'Failed to update playlist',
  // Confirmation step (spec §4: publish/unpublish and delete ask first; questions ours).
  confirmPublish: 'Publish this video? Everyone will be able to watch it.',
  confirmUnpublish: 'Unpublish this video? Only you will be able to see it.',
  confirmDeleteVideo: 'Delete this video? Its likes, comments and playlist entries go with it.',
  confirmDeletePlaylist: 'Delete this playlist? The videos themselves are kept.',
  deleteVideoFailed: 'Failed to delete video',
  /** Ours: the spec only logs these failures; the content tab also tells the user. */
  publishToggleFailed: 'Failed to change the video visibility',
  deletePlaylistFailed: 'Failed to delete playlist',
} as const;

/** Ours (issue 12): a row's conversion to adaptive streaming. */
export const PROCESSING_MESSAGES = {
  processing: 'Processing…',
  retry: 'Retry',
} as const;

/** Ours: the toast when a conversion the creator watched finishes, naming the best quality. */
export function processingReadyText(title: string, renditions: readonly string[]): string {
  const best = renditions.at(-1);
  return best ? `Your video “${title}” is ready in ${best}` : `Your video “${title}” is ready`;
}
