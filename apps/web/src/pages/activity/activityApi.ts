/** The activity calls moved to hooks/api/promotions.ts (issue 11); kept as a re-export for any import still naming this file. */
export { ContentFailure, fetchActivities, fetchActivity, fetchActivityTypes } from '../../hooks/api/promotions';
