import { describeModel } from '../support/model-vitest.js';
import { model } from './passkey-list.model.js';

describeModel(model);
