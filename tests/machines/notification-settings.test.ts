import { describeModel } from '../support/model-vitest.js';
import { model } from './notification-settings.model.js';

describeModel(model);
