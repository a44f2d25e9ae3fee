import { describeModel } from '../support/model-vitest.js';
import { model } from './confirm-action.model.js';

describeModel(model);
