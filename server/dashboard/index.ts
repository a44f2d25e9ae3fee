export { default as dashboardRoutes } from './dashboard.routes.js';
